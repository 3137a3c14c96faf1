package satin.apps.raytracer;

/** An NFF fill: colour, diffuse and specular weights, Phong exponent, transmittance, refractive index. */
public record Material(Vec3 colour, double diffuse, double specular, double shine, double transmittance,
        double refractiveIndex) {
}
