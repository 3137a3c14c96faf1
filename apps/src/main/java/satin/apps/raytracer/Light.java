package satin.apps.raytracer;

/** A positional light source. */
public record Light(Vec3 position, Vec3 colour) {
}
