package satin.samples.raytracer;

/** A point or direction in space. Operations return new vectors; a vector is never changed once made. */
public class Vector3D {

    public double x;
    public double y;
    public double z;

    public Vector3D(double x, double y, double z) {
        this.x = x;
        this.y = y;
        this.z = z;
    }

    public Vector3D add(Vector3D v) {
        return new Vector3D(x + v.x, y + v.y, z + v.z);
    }

    public Vector3D sub(Vector3D v) {
        return new Vector3D(x - v.x, y - v.y, z - v.z);
    }

    public Vector3D scale(double s) {
        return new Vector3D(x * s, y * s, z * s);
    }

    public double dot(Vector3D v) {
        return x * v.x + y * v.y + z * v.z;
    }

    public Vector3D cross(Vector3D v) {
        return new Vector3D(y * v.z - z * v.y, z * v.x - x * v.z, x * v.y - y * v.x);
    }

    public double length() {
        return Math.sqrt(dot(this));
    }

    public Vector3D normalize() {
        double l = length();
        return l == 0 ? this : scale(1 / l);
    }

    /** Component-wise product, for colours. */
    public Vector3D times(Vector3D v) {
        return new Vector3D(x * v.x, y * v.y, z * v.z);
    }
}
