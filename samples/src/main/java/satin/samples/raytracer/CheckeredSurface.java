package satin.samples.raytracer;

/** A surface with a checkerboard of two colours, squares of a given size. */
public class CheckeredSurface extends Surface {

    public Vector3D other;
    public double size;

    public CheckeredSurface(Vector3D color, Vector3D other, double size, double reflection) {
        super(color, 0.1, 0.8, 0.1, 10, reflection);
        this.other = other;
        this.size = size;
    }

    @Override
    public Vector3D colorAt(Vector3D point) {
        long cell = (long) Math.floor(point.x / size) + (long) Math.floor(point.z / size);
        return (cell & 1) == 0 ? color : other;
    }
}
