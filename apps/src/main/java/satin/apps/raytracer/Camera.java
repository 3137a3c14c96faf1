package satin.apps.raytracer;

/**
 * The NFF viewpoint: eye, look-at point, up vector, field of view (degrees, between the centres of the
 * outermost pixel rows) and image size. Gives the primary ray direction through a pixel.
 */
public final class Camera {

    private final Vec3 eye;
    private final Vec3 at;
    private final Vec3 upHint;
    private final double angleDegrees;
    private final Vec3 forward;
    private final Vec3 right;
    private final Vec3 up;
    private final double tanHalfAngle;
    private final int width;
    private final int height;

    public Camera(Vec3 eye, Vec3 at, Vec3 up, double angleDegrees, int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        }
        this.eye = eye;
        this.at = at;
        this.upHint = up;
        this.angleDegrees = angleDegrees;
        this.forward = at.minus(eye).normalized();
        this.right = forward.cross(up).normalized();
        this.up = right.cross(forward);
        this.tanHalfAngle = StrictMath.tan(StrictMath.toRadians(angleDegrees) / 2);
        this.width = width;
        this.height = height;
    }

    /** The same view at another image size. */
    public Camera resized(int newWidth, int newHeight) {
        return new Camera(eye, at, upHint, angleDegrees, newWidth, newHeight);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    Vec3 eye() {
        return eye;
    }

    /** The unit direction of the primary ray through the centre of pixel (x, y), y growing downwards. */
    Vec3 direction(int x, int y) {
        double aspect = (double) width / height;
        double sx = (2 * (x + 0.5) / width - 1) * tanHalfAngle * aspect;
        double sy = (1 - 2 * (y + 0.5) / height) * tanHalfAngle;
        return forward.plus(right.times(sx)).plus(up.times(sy)).normalized();
    }
}
