/**
 * The raytracer application: a ray tracer for NFF scenes, the image halved recursively down to blocks of pixels,
 * written as PNG. The Satin version, its sequential twin (the t_s baseline, the same kernel without spawn and
 * sync), the kernel they share and a self-checking {@code main}; see the module README.
 */
package satin.apps.raytracer;
