package satin.apps.raytracer;

/** A surface of the scene. Implementations are immutable, so one scene can be traced by many threads. */
public interface Primitive {

    /** Rays hit a surface only beyond this distance, so a ray leaving a surface does not hit it again. */
    double EPSILON = 1e-6;

    /** The distance along the ray to the nearest intersection beyond {@link #EPSILON}, or +infinity. */
    double intersect(Vec3 origin, Vec3 direction);

    /** The unit surface normal at a point on the surface (either side). */
    Vec3 normalAt(Vec3 point);

    Material material();
}
