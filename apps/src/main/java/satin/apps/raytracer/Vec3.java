package satin.apps.raytracer;

/** An immutable 3-vector (point, direction or RGB colour). */
public record Vec3(double x, double y, double z) {

    public static final Vec3 ZERO = new Vec3(0, 0, 0);

    Vec3 plus(Vec3 o) {
        return new Vec3(x + o.x, y + o.y, z + o.z);
    }

    Vec3 minus(Vec3 o) {
        return new Vec3(x - o.x, y - o.y, z - o.z);
    }

    Vec3 times(double s) {
        return new Vec3(x * s, y * s, z * s);
    }

    /** Component-wise product (filtering one colour by another). */
    Vec3 times(Vec3 o) {
        return new Vec3(x * o.x, y * o.y, z * o.z);
    }

    double dot(Vec3 o) {
        return x * o.x + y * o.y + z * o.z;
    }

    Vec3 cross(Vec3 o) {
        return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
    }

    double length() {
        return Math.sqrt(dot(this));
    }

    Vec3 normalized() {
        double length = length();
        return length == 0 ? this : times(1 / length);
    }

    /** The point {@code this + t * direction} along a ray from this point. */
    Vec3 along(Vec3 direction, double t) {
        return new Vec3(x + t * direction.x, y + t * direction.y, z + t * direction.z);
    }
}
