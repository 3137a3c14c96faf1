package satin.apps.raytracer;

import satin.Spawnable;

/** The spawnable step: the pixels of the block at (x, y), row-major. Results are long messages. */
public interface RayTracerInter extends Spawnable {
    int[] render(Scene scene, int x, int y, int width, int height, int leafPixels);
}
