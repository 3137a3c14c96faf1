package satin.apps.raytracer;

import java.util.List;

/** Everything needed to render: background colour, camera, lights and surfaces. Immutable. */
public record Scene(Vec3 background, Camera camera, List<Light> lights, List<Primitive> primitives) {

    public Scene {
        lights = List.copyOf(lights);
        primitives = List.copyOf(primitives);
    }

    /** The same scene rendered at another image size. */
    public Scene resized(int width, int height) {
        return new Scene(background, camera.resized(width, height), lights, primitives);
    }
}
