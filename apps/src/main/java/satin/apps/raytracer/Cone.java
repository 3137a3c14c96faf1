package satin.apps.raytracer;

/**
 * An open truncated cone (a cylinder when both radii are equal) from a base centre and radius to an apex
 * centre and radius, as NFF's {@code c}. With {@code d} the unit axis and {@code k} the radius slope, a point
 * at height {@code s} above the base lies on the surface when its distance from the axis is
 * {@code rBase + k s}: a quadratic in the ray parameter.
 */
public final class Cone implements Primitive {

    private final Vec3 base;
    private final Vec3 axis;
    private final double height;
    private final double baseRadius;
    private final double slope;
    private final Material material;

    public Cone(Vec3 base, double baseRadius, Vec3 apex, double apexRadius, Material material) {
        Vec3 along = apex.minus(base);
        this.height = along.length();
        if (height == 0) {
            throw new IllegalArgumentException("degenerate cone: base and apex coincide");
        }
        this.base = base;
        this.axis = along.times(1 / height);
        this.baseRadius = baseRadius;
        this.slope = (apexRadius - baseRadius) / height;
        this.material = material;
    }

    @Override
    public double intersect(Vec3 origin, Vec3 direction) {
        Vec3 o = origin.minus(base);
        double s0 = o.dot(axis);
        double sd = direction.dot(axis);
        Vec3 u = o.minus(axis.times(s0));
        Vec3 v = direction.minus(axis.times(sd));
        double radius0 = baseRadius + slope * s0;
        double a = v.dot(v) - slope * slope * sd * sd;
        double b = 2 * (u.dot(v) - slope * sd * radius0);
        double c = u.dot(u) - radius0 * radius0;
        if (a == 0) {
            return b == 0 ? Double.POSITIVE_INFINITY : accept(-c / b, s0, sd);
        }
        double discriminant = b * b - 4 * a * c;
        if (discriminant < 0) {
            return Double.POSITIVE_INFINITY;
        }
        double root = Math.sqrt(discriminant);
        double t1 = (-b - root) / (2 * a);
        double t2 = (-b + root) / (2 * a);
        double near = Math.min(t1, t2);
        double far = Math.max(t1, t2);
        double hit = accept(near, s0, sd);
        return hit < Double.POSITIVE_INFINITY ? hit : accept(far, s0, sd);
    }

    /** {@code t} if it lies ahead of the ray and between base and apex, else +infinity. */
    private double accept(double t, double s0, double sd) {
        double s = s0 + t * sd;
        double radius = baseRadius + slope * s;
        return t > EPSILON && s >= 0 && s <= height && radius >= 0 ? t : Double.POSITIVE_INFINITY;
    }

    @Override
    public Vec3 normalAt(Vec3 point) {
        Vec3 p = point.minus(base);
        Vec3 radial = p.minus(axis.times(p.dot(axis))).normalized();
        return radial.minus(axis.times(slope)).normalized();
    }

    @Override
    public Material material() {
        return material;
    }
}
