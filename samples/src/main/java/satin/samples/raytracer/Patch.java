package satin.samples.raytracer;

/** A triangle with a normal per corner, interpolated across it (smooth shading of a curved surface). */
public class Patch extends Triangle {

    public Vector3D[] normals;

    public Patch(Vector3D[] corners, Vector3D[] normals, Surface surface) {
        super(corners[0], corners[1], corners[2], surface);
        this.normals = normals;
    }

    @Override
    public Vector3D normal(Vector3D point) {
        double[] w = weights(point);
        return normals[0].scale(1 - w[0] - w[1]).add(normals[1].scale(w[0])).add(normals[2].scale(w[1]))
                .normalize();
    }
}
