package satin.samples.raytracer;

/** The points p with p . normal = distance. */
public class Plane extends GfxObject {

    public Vector3D normal;
    public double distance;

    public Plane(Vector3D normal, double distance, Surface surface) {
        super(surface);
        this.normal = normal.normalize();
        this.distance = distance;
    }

    @Override
    public double intersect(Ray ray) {
        double d = normal.dot(ray.direction);
        if (Math.abs(d) < EPSILON) {
            return -1;
        }
        double t = (distance - normal.dot(ray.origin)) / d;
        return t > EPSILON ? t : -1;
    }

    @Override
    public Vector3D normal(Vector3D point) {
        return normal;
    }
}
