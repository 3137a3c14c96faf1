package satin.samples.raytracer;

import satin.Spawnable;

/** The spawnable step of rendering: the pixels of a block of the image, row by row. */
public interface RayTracerInter extends Spawnable {
    int[] render(Scene scene, int x, int y, int width, int height, int leaf);
}
