package satin.samples.raytracer;

/** The camera: where it is, where it looks, its field of view and the image size. */
public class View {

    public Vector3D eye;
    public Vector3D forward;
    public Vector3D right;
    public Vector3D up;
    public double halfWidth;
    public int width;
    public int height;

    public View(Vector3D eye, Vector3D lookAt, Vector3D up, double fieldOfViewDegrees, int width, int height) {
        this.eye = eye;
        this.forward = lookAt.sub(eye).normalize();
        this.right = forward.cross(up).normalize();
        this.up = right.cross(forward);
        this.halfWidth = StrictMath.tan(StrictMath.toRadians(fieldOfViewDegrees) / 2);
        this.width = width;
        this.height = height;
    }

    /** The ray through the centre of pixel (x, y), y growing downwards. */
    public Ray ray(int x, int y) {
        double aspect = (double) height / width;
        double u = (2 * (x + 0.5) / width - 1) * halfWidth;
        double v = (1 - 2 * (y + 0.5) / height) * halfWidth * aspect;
        return new Ray(eye, forward.add(right.scale(u)).add(up.scale(v)));
    }
}
