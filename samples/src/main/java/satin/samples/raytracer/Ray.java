package satin.samples.raytracer;

/** A half-line: an origin and a unit direction. Made and used while tracing one pixel; never sent anywhere. */
public final class Ray {

    public final Vector3D origin;
    public final Vector3D direction;

    public Ray(Vector3D origin, Vector3D direction) {
        this.origin = origin;
        this.direction = direction.normalize();
    }

    public Vector3D at(double t) {
        return origin.add(direction.scale(t));
    }
}
