package satin.samples.raytracer;

public class Sphere extends GfxObject {

    public Vector3D center;
    public double radius;

    public Sphere(Vector3D center, double radius, Surface surface) {
        super(surface);
        this.center = center;
        this.radius = radius;
    }

    @Override
    public double intersect(Ray ray) {
        Vector3D oc = ray.origin.sub(center);
        double b = oc.dot(ray.direction);
        double c = oc.dot(oc) - radius * radius;
        double discriminant = b * b - c;
        if (discriminant < 0) {
            return -1;
        }
        double root = Math.sqrt(discriminant);
        double t = -b - root;
        if (t > EPSILON) {
            return t;
        }
        t = -b + root;
        return t > EPSILON ? t : -1;
    }

    @Override
    public Vector3D normal(Vector3D point) {
        return point.sub(center).scale(1 / radius);
    }
}
