package satin.samples.raytracer;

/**
 * Colours one pixel: the nearest object along the pixel's ray, lit by the lights it can see (Phong), plus what its
 * reflection sees, a few bounces deep. Pure computation on the scene; the same in every JVM (StrictMath for the
 * functions whose results may otherwise differ between the interpreter and compiled code).
 */
public final class Tracer {

    private static final int MAX_DEPTH = 3;

    private Tracer() {
    }

    /** The pixel's 24-bit RGB value. */
    public static int pixel(Scene scene, int x, int y) {
        Vector3D c = trace(scene, scene.view.ray(x, y), 0);
        return channel(c.x) << 16 | channel(c.y) << 8 | channel(c.z);
    }

    /** The whole image, row by row, without any spawn: the sequential reference. */
    public static int[] renderSequentially(Scene scene) {
        int w = scene.view.width;
        int h = scene.view.height;
        int[] image = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                image[y * w + x] = pixel(scene, x, y);
            }
        }
        return image;
    }

    private static int channel(double v) {
        return (int) Math.round(Math.max(0, Math.min(1, v)) * 255);
    }

    private static Vector3D trace(Scene scene, Ray ray, int depth) {
        GfxObject hit = null;
        double nearest = Double.MAX_VALUE;
        for (GfxObject o : scene.objects) {
            double t = o.intersect(ray);
            if (t > 0 && t < nearest) {
                nearest = t;
                hit = o;
            }
        }
        if (hit == null) {
            return scene.background;
        }
        Vector3D point = ray.at(nearest);
        Vector3D normal = hit.normal(point);
        if (normal.dot(ray.direction) > 0) {
            normal = normal.scale(-1);
        }
        Surface s = hit.surface;
        Vector3D base = s.colorAt(point);
        Vector3D color = base.scale(s.ambient);
        for (Light light : scene.lights) {
            Vector3D toLight = light.position.sub(point);
            double distance = toLight.length();
            Vector3D l = toLight.scale(1 / distance);
            double lambert = normal.dot(l);
            if (lambert <= 0 || shadowed(scene, new Ray(point, l), distance)) {
                continue;
            }
            color = color.add(base.times(light.color).scale(s.diffuse * lambert));
            Vector3D reflected = l.sub(normal.scale(2 * lambert));
            double highlight = reflected.dot(ray.direction);
            if (highlight > 0) {
                color = color.add(light.color.scale(s.specular * StrictMath.pow(highlight, s.shininess)));
            }
        }
        if (s.reflection > 0 && depth < MAX_DEPTH) {
            Vector3D mirrored = ray.direction.sub(normal.scale(2 * normal.dot(ray.direction)));
            color = color.scale(1 - s.reflection).add(trace(scene, new Ray(point, mirrored), depth + 1)
                    .scale(s.reflection));
        }
        return color;
    }

    private static boolean shadowed(Scene scene, Ray toLight, double distance) {
        for (GfxObject o : scene.objects) {
            double t = o.intersect(toLight);
            if (t > 0 && t < distance) {
                return true;
            }
        }
        return false;
    }
}
