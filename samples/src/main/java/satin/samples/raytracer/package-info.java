/**
 * A ray tracer written the way users of the original Satin wrote theirs: the scene built by a constructor that
 * spawns, scene objects a class hierarchy with a concrete base ({@link satin.samples.raytracer.GfxObject}) holding
 * arrays of vectors, the image rendered by recursive halving. Its image is bit-identical to the sequential render on
 * one JVM or many.
 */
package satin.samples.raytracer;
