package satin.apps.raytracer;

import java.util.List;

/**
 * Everything needed to render: background colour, camera, lights and surfaces. Held in plain arrays (a
 * scene is the parameter of every job, so it must serialize simply); never modified after construction.
 */
public final class Scene {

    private final Vec3 background;
    private final Camera camera;
    private final Light[] lights;
    private final Primitive[] primitives;

    public Scene(Vec3 background, Camera camera, List<Light> lights, List<Primitive> primitives) {
        this(background, camera, lights.toArray(Light[]::new), primitives.toArray(Primitive[]::new));
    }

    private Scene(Vec3 background, Camera camera, Light[] lights, Primitive[] primitives) {
        this.background = background;
        this.camera = camera;
        this.lights = lights;
        this.primitives = primitives;
    }

    /** The same scene rendered at another image size. */
    public Scene resized(int width, int height) {
        return new Scene(background, camera.resized(width, height), lights, primitives);
    }

    public Vec3 background() {
        return background;
    }

    public Camera camera() {
        return camera;
    }

    public int lightCount() {
        return lights.length;
    }

    public int primitiveCount() {
        return primitives.length;
    }

    /** The lights, shared: callers only read them. */
    Light[] lights() {
        return lights;
    }

    /** The surfaces, shared: callers only read them. */
    Primitive[] primitives() {
        return primitives;
    }
}
