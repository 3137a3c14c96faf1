package satin.samples.raytracer;

import satin.Spawnable;

/** The spawnable step of building a scene: the objects of one part of it. */
public interface SceneParts extends Spawnable {
    GfxObject[] part(int which, int detail);
}
