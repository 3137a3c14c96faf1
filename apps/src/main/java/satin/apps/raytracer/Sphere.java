package satin.apps.raytracer;

/** A sphere. */
public record Sphere(Vec3 centre, double radius, Material material) implements Primitive {

    @Override
    public double intersect(Vec3 origin, Vec3 direction) {
        Vec3 toOrigin = origin.minus(centre);
        double b = toOrigin.dot(direction);
        double c = toOrigin.dot(toOrigin) - radius * radius;
        double discriminant = b * b - c;
        if (discriminant < 0) {
            return Double.POSITIVE_INFINITY;
        }
        double root = Math.sqrt(discriminant);
        double near = -b - root;
        if (near > EPSILON) {
            return near;
        }
        double far = -b + root;
        return far > EPSILON ? far : Double.POSITIVE_INFINITY;
    }

    @Override
    public Vec3 normalAt(Vec3 point) {
        return point.minus(centre).times(1 / radius);
    }
}
