package satin.samples.raytracer;

/** A flat convex polygon given by its corners in order. */
public class Polygon extends GfxObject {

    public Vector3D[] vertices;
    public Vector3D normal;

    public Polygon(Vector3D[] vertices, Surface surface) {
        super(surface);
        this.vertices = vertices;
        this.normal = vertices[1].sub(vertices[0]).cross(vertices[2].sub(vertices[0])).normalize();
    }

    @Override
    public double intersect(Ray ray) {
        double d = normal.dot(ray.direction);
        if (Math.abs(d) < EPSILON) {
            return -1;
        }
        double t = normal.dot(vertices[0].sub(ray.origin)) / d;
        if (t <= EPSILON) {
            return -1;
        }
        Vector3D p = ray.at(t);
        for (int i = 0; i < vertices.length; i++) {
            Vector3D a = vertices[i];
            Vector3D b = vertices[(i + 1) % vertices.length];
            if (b.sub(a).cross(p.sub(a)).dot(normal) < 0) {
                return -1;
            }
        }
        return t;
    }

    @Override
    public Vector3D normal(Vector3D point) {
        return normal;
    }
}
