package satin.samples.raytracer;

/** A polygon with three corners. */
public class Triangle extends Polygon {

    public Triangle(Vector3D a, Vector3D b, Vector3D c, Surface surface) {
        super(new Vector3D[] {a, b, c}, surface);
    }

    /** Barycentric weights of a point in the triangle's plane: of b, of c (that of a is the rest). */
    protected double[] weights(Vector3D p) {
        Vector3D e1 = vertices[1].sub(vertices[0]);
        Vector3D e2 = vertices[2].sub(vertices[0]);
        Vector3D ep = p.sub(vertices[0]);
        double d11 = e1.dot(e1);
        double d12 = e1.dot(e2);
        double d22 = e2.dot(e2);
        double dp1 = ep.dot(e1);
        double dp2 = ep.dot(e2);
        double denominator = d11 * d22 - d12 * d12;
        return new double[] {(d22 * dp1 - d12 * dp2) / denominator, (d11 * dp2 - d12 * dp1) / denominator};
    }
}
