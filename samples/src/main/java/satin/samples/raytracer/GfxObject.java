package satin.samples.raytracer;

/**
 * Anything in the scene. A plain class, not abstract (as in the programs this sample imitates): on its own an
 * object that no ray hits; subclasses are the shapes.
 */
public class GfxObject {

    /** Rays hit a surface only beyond this distance, so a ray leaving a surface does not hit it again. */
    public static final double EPSILON = 1e-7;

    public Surface surface;

    public GfxObject(Surface surface) {
        this.surface = surface;
    }

    /** The distance along the ray to the nearest hit beyond {@link #EPSILON}, or a negative number for none. */
    public double intersect(Ray ray) {
        return -1;
    }

    /** The unit normal at a point on the object. */
    public Vector3D normal(Vector3D point) {
        return new Vector3D(0, 1, 0);
    }
}
