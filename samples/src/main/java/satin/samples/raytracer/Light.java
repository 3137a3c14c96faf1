package satin.samples.raytracer;

/** A point light. */
public class Light {

    public Vector3D position;
    public Vector3D color;

    public Light(Vector3D position, Vector3D color) {
        this.position = position;
        this.color = color;
    }
}
