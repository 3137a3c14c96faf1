package satin.samples.raytracer;

/** How a surface looks: its colour and how it reflects light (a plain Phong model). */
public class Surface {

    public Vector3D color;
    public double ambient;
    public double diffuse;
    public double specular;
    public double shininess;
    public double reflection;

    public Surface(Vector3D color, double ambient, double diffuse, double specular, double shininess,
            double reflection) {
        this.color = color;
        this.ambient = ambient;
        this.diffuse = diffuse;
        this.specular = specular;
        this.shininess = shininess;
        this.reflection = reflection;
    }

    /** The colour at a point of the surface; uniform here, patterned in subclasses. */
    public Vector3D colorAt(Vector3D point) {
        return color;
    }
}
