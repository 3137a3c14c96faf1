package satin.apps.raytracer;

/**
 * A planar polygon (NFF {@code p}; a {@code pp} patch is shaded with its face normal). A ray hits the
 * plane, then a crossing-number test in the projection that drops the normal's dominant axis decides
 * whether the point is inside.
 */
public final class Polygon implements Primitive {

    private final Vec3[] vertices;
    private final Vec3 normal;
    private final double offset;
    private final int dropAxis;
    private final Material material;

    public Polygon(Vec3[] vertices, Material material) {
        if (vertices.length < 3) {
            throw new IllegalArgumentException("a polygon needs at least 3 vertices, got " + vertices.length);
        }
        this.vertices = vertices.clone();
        this.material = material;
        this.normal = newellNormal(vertices);
        if (normal.length() == 0) {
            throw new IllegalArgumentException("degenerate polygon: its vertices span no plane");
        }
        this.offset = -normal.dot(vertices[0]);
        double ax = Math.abs(normal.x());
        double ay = Math.abs(normal.y());
        double az = Math.abs(normal.z());
        this.dropAxis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
    }

    /** Newell's method: robust for any planar polygon, convex or not. */
    private static Vec3 newellNormal(Vec3[] v) {
        double x = 0;
        double y = 0;
        double z = 0;
        for (int i = 0; i < v.length; i++) {
            Vec3 a = v[i];
            Vec3 b = v[(i + 1) % v.length];
            x += (a.y() - b.y()) * (a.z() + b.z());
            y += (a.z() - b.z()) * (a.x() + b.x());
            z += (a.x() - b.x()) * (a.y() + b.y());
        }
        return new Vec3(x, y, z).normalized();
    }

    @Override
    public double intersect(Vec3 origin, Vec3 direction) {
        double denominator = normal.dot(direction);
        if (denominator == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double t = -(normal.dot(origin) + offset) / denominator;
        if (!(t > EPSILON)) {
            return Double.POSITIVE_INFINITY;
        }
        return contains(origin.along(direction, t)) ? t : Double.POSITIVE_INFINITY;
    }

    private boolean contains(Vec3 p) {
        double pu = u(p);
        double pv = v(p);
        boolean inside = false;
        for (int i = 0, j = vertices.length - 1; i < vertices.length; j = i++) {
            double ui = u(vertices[i]);
            double vi = v(vertices[i]);
            double uj = u(vertices[j]);
            double vj = v(vertices[j]);
            if ((vi > pv) != (vj > pv) && pu < (uj - ui) * (pv - vi) / (vj - vi) + ui) {
                inside = !inside;
            }
        }
        return inside;
    }

    private double u(Vec3 p) {
        return dropAxis == 0 ? p.y() : p.x();
    }

    private double v(Vec3 p) {
        return dropAxis == 2 ? p.y() : p.z();
    }

    @Override
    public Vec3 normalAt(Vec3 point) {
        return normal;
    }

    @Override
    public Material material() {
        return material;
    }
}
