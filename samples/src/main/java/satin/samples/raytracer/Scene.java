package satin.samples.raytracer;

import satin.SatinObject;

/**
 * The scene: objects, lights and the view. Its constructor builds the parts of the scene in parallel (each part a
 * spawned call, stored into an element of an array, then one sync()): a checkered floor, a "sphereflake" (a sphere
 * with smaller spheres on it, recursively), a pyramid of triangles, a polygon wall and a smooth patch surface.
 * Built the same way every time, so two builds are identical.
 */
public class Scene extends SatinObject implements SceneParts {

    public static final int PARTS = 5;

    public GfxObject[] objects;
    public Light[] lights;
    public View view;
    public Vector3D background;

    public Scene(int width, int height, int detail) {
        GfxObject[][] parts = new GfxObject[PARTS][];
        for (int i = 0; i < PARTS; i++) {
            parts[i] = part(i, detail);
        }
        sync();
        int count = 0;
        for (GfxObject[] p : parts) {
            count += p.length;
        }
        objects = new GfxObject[count];
        int at = 0;
        for (GfxObject[] p : parts) {
            System.arraycopy(p, 0, objects, at, p.length);
            at += p.length;
        }
        lights = new Light[] {new Light(new Vector3D(-6, 9, -4), new Vector3D(0.8, 0.8, 0.8)),
            new Light(new Vector3D(7, 6, -6), new Vector3D(0.4, 0.4, 0.5))};
        view = new View(new Vector3D(0, 3.2, -9), new Vector3D(0, 1.2, 0), new Vector3D(0, 1, 0), 50, width, height);
        background = new Vector3D(0.05, 0.07, 0.12);
    }

    @Override
    public GfxObject[] part(int which, int detail) {
        return switch (which) {
            case 0 -> new GfxObject[] {new Plane(new Vector3D(0, 1, 0), 0, new CheckeredSurface(
                    new Vector3D(0.9, 0.9, 0.9), new Vector3D(0.2, 0.2, 0.25), 1.0, 0.2))};
            case 1 -> flake(detail);
            case 2 -> pyramid(new Vector3D(-3.2, 0, 1.5), 1.2, 1.8);
            case 3 -> wall();
            default -> patches(new Vector3D(3.2, 0.01, 1.0), 1.4, 6);
        };
    }

    private static GfxObject[] flake(int depth) {
        java.util.List<GfxObject> out = new java.util.ArrayList<>();
        Surface mirror = new Surface(new Vector3D(0.8, 0.5, 0.3), 0.1, 0.6, 0.5, 40, 0.35);
        flake(out, new Vector3D(0, 1.2, 1), 1.2, new Vector3D(0, 1, 0), depth, mirror);
        return out.toArray(GfxObject[]::new);
    }

    /** A sphere and, around its upper half, six smaller ones of a third of its size, each again a flake. */
    private static void flake(java.util.List<GfxObject> out, Vector3D center, double radius, Vector3D axis, int depth,
            Surface surface) {
        out.add(new Sphere(center, radius, surface));
        if (depth == 0) {
            return;
        }
        Vector3D side = Math.abs(axis.y) < 0.9 ? new Vector3D(0, 1, 0) : new Vector3D(1, 0, 0);
        Vector3D u = axis.cross(side).normalize();
        Vector3D v = axis.cross(u);
        double small = radius / 3;
        for (int k = 0; k < 6; k++) {
            double angle = k * StrictMath.PI / 3;
            Vector3D direction = u.scale(StrictMath.cos(angle)).add(v.scale(StrictMath.sin(angle))).scale(0.8)
                    .add(axis.scale(0.6)).normalize();
            flake(out, center.add(direction.scale(radius + small)), small, direction, depth - 1, surface);
        }
    }

    private static GfxObject[] pyramid(Vector3D base, double half, double height) {
        Surface green = new Surface(new Vector3D(0.2, 0.7, 0.3), 0.1, 0.7, 0.3, 20, 0.1);
        Vector3D top = base.add(new Vector3D(0, height, 0));
        Vector3D[] corners = {base.add(new Vector3D(-half, 0, -half)), base.add(new Vector3D(half, 0, -half)),
            base.add(new Vector3D(half, 0, half)), base.add(new Vector3D(-half, 0, half))};
        GfxObject[] faces = new GfxObject[4];
        for (int i = 0; i < 4; i++) {
            faces[i] = new Triangle(corners[i], top, corners[(i + 1) % 4], green);
        }
        return faces;
    }

    private static GfxObject[] wall() {
        Surface blue = new Surface(new Vector3D(0.3, 0.4, 0.9), 0.15, 0.7, 0.2, 15, 0.3);
        return new GfxObject[] {new Polygon(new Vector3D[] {new Vector3D(-6, 0, 6), new Vector3D(-6, 4, 6),
            new Vector3D(6, 4, 6), new Vector3D(6, 0, 6)}, blue)};
    }

    /** A dome of patches: a grid over a quarter sphere, two triangles per cell, normals of the sphere. */
    private static GfxObject[] patches(Vector3D center, double radius, int n) {
        Surface gold = new Surface(new Vector3D(0.9, 0.75, 0.3), 0.1, 0.6, 0.6, 60, 0.25);
        java.util.List<GfxObject> out = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Vector3D[] n00 = {dome(i, j, n), dome(i + 1, j, n), dome(i + 1, j + 1, n)};
                Vector3D[] n01 = {dome(i, j, n), dome(i + 1, j + 1, n), dome(i, j + 1, n)};
                for (Vector3D[] normals : java.util.List.of(n00, n01)) {
                    Vector3D[] corners = new Vector3D[3];
                    for (int k = 0; k < 3; k++) {
                        corners[k] = center.add(normals[k].scale(radius));
                    }
                    out.add(new Patch(corners, normals, gold));
                }
            }
        }
        return out.toArray(GfxObject[]::new);
    }

    /** The unit normal of grid point (i, j) of an n by n grid over the dome. */
    private static Vector3D dome(int i, int j, int n) {
        double theta = StrictMath.PI / 2 * i / n;
        double phi = StrictMath.PI * j / n;
        return new Vector3D(StrictMath.sin(theta) * StrictMath.cos(phi), StrictMath.cos(theta),
                -StrictMath.sin(theta) * StrictMath.sin(phi));
    }
}
