package satin.apps.raytracer;

/**
 * Whitted-style shading: Lambert and Phong terms for each light that the point can see, plus mirror
 * reflection and straight-through transmission up to {@link #MAX_DEPTH} bounces. A pixel's colour is a pure
 * function of the scene and the pixel (IEEE double arithmetic, {@code StrictMath} for the exponent), so
 * any split of the image gives bit-identical pixels.
 */
final class Shader {

    static final int MAX_DEPTH = 5;
    private static final double MIN_WEIGHT = 1.0 / 512;

    private Shader() {
    }

    /** The 24-bit RGB value of pixel (x, y). */
    static int pixel(Scene scene, int x, int y) {
        Camera camera = scene.camera();
        Vec3 colour = trace(scene, camera.eye(), camera.direction(x, y), 0, 1);
        return channel(colour.x()) << 16 | channel(colour.y()) << 8 | channel(colour.z());
    }

    private static int channel(double value) {
        double clamped = value < 0 ? 0 : value > 1 ? 1 : value;
        return (int) (clamped * 255 + 0.5);
    }

    static Vec3 trace(Scene scene, Vec3 origin, Vec3 direction, int depth, double weight) {
        Primitive nearest = null;
        double nearestT = Double.POSITIVE_INFINITY;
        for (Primitive p : scene.primitives()) {
            double t = p.intersect(origin, direction);
            if (t < nearestT) {
                nearestT = t;
                nearest = p;
            }
        }
        if (nearest == null) {
            return scene.background();
        }
        Vec3 point = origin.along(direction, nearestT);
        Vec3 normal = nearest.normalAt(point);
        if (normal.dot(direction) > 0) {
            normal = normal.times(-1);
        }
        return shade(scene, nearest.material(), point, normal, direction, depth, weight);
    }

    private static Vec3 shade(Scene scene, Material m, Vec3 point, Vec3 normal, Vec3 direction, int depth,
            double weight) {
        Vec3 colour = Vec3.ZERO;
        Vec3 reflected = direction.minus(normal.times(2 * normal.dot(direction)));
        for (Light light : scene.lights()) {
            Vec3 toLight = light.position().minus(point);
            double distance = toLight.length();
            Vec3 l = toLight.times(1 / distance);
            double lambert = normal.dot(l);
            if (lambert <= 0 || shadowed(scene, point, l, distance)) {
                continue;
            }
            colour = colour.plus(light.colour().times(m.colour()).times(m.diffuse() * lambert));
            double highlight = reflected.dot(l);
            if (m.specular() > 0 && highlight > 0) {
                colour = colour.plus(light.colour().times(m.specular() * StrictMath.pow(highlight, m.shine())));
            }
        }
        if (depth < MAX_DEPTH && m.specular() * weight > MIN_WEIGHT) {
            Vec3 mirror = trace(scene, point, reflected, depth + 1, weight * m.specular());
            colour = colour.plus(mirror.times(m.specular()));
        }
        if (depth < MAX_DEPTH && m.transmittance() * weight > MIN_WEIGHT) {
            Vec3 through = trace(scene, point, direction, depth + 1, weight * m.transmittance());
            colour = colour.plus(through.times(m.colour()).times(m.transmittance()));
        }
        return colour;
    }

    private static boolean shadowed(Scene scene, Vec3 point, Vec3 toLight, double distance) {
        for (Primitive p : scene.primitives()) {
            if (p.intersect(point, toLight) < distance) {
                return true;
            }
        }
        return false;
    }
}
