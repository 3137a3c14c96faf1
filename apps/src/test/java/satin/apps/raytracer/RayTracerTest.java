package satin.apps.raytracer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.apps.common.MainRun;

class RayTracerTest {

    @Test
    void everySplitGivesTheSequentialImageBitForBit() throws Exception {
        for (String name : Scenes.BUNDLED) {
            Scene scene = Scenes.bundled(name).resized(40, 30);
            int[] expected = SequentialRayTracer.compute(scene, 1 << 20);
            for (int leaf : new int[] {1, 7, 64}) {
                assertArrayEquals(expected, RayTracer.compute(scene, leaf), name + " leaf " + leaf);
            }
        }
    }

    @Test
    void scenesShowMoreThanTheBackground() throws Exception {
        for (String name : Scenes.BUNDLED) {
            Scene scene = Scenes.bundled(name).resized(32, 32);
            int[] image = RayTracer.compute(scene, 64);
            long distinct = Arrays.stream(image).distinct().count();
            assertTrue(distinct > 20, name + " has only " + distinct + " colours");
        }
    }

    @Test
    void mainWritesAPngOfTheRequestedSize(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("out.png");
        MainRun run = MainRun.of(RayTracer.USAGE, 4, RayTracer::run, "jacks", "24x16", png.toString(), "10");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(24, image.getWidth());
        assertEquals(16, image.getHeight());
        int[] expected = RayTracer.compute(Scenes.bundled("jacks").resized(24, 16), 10);
        assertArrayEquals(expected, Arrays.stream(image.getRGB(0, 0, 24, 16, null, 0, 24)).map(p -> p & 0xFFFFFF)
                .toArray());
    }

    @Test
    void unknownSceneAndBadSizeAreClearErrors() throws Exception {
        MainRun missing = MainRun.of(RayTracer.USAGE, 4, RayTracer::run, "no-such-scene.nff");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no-such-scene.nff"), missing.err());
        MainRun size = MainRun.of(RayTracer.USAGE, 4, RayTracer::run, "tri", "12y4");
        assertEquals(2, size.status());
        assertTrue(size.err().contains("size"), size.err());
    }

    @Test
    void sphereAndCylinderIntersections() {
        Material m = new Material(new Vec3(1, 1, 1), 1, 0, 1, 0, 1);
        Sphere sphere = new Sphere(new Vec3(5, 0, 0), 1, m);
        assertEquals(4, sphere.intersect(Vec3.ZERO, new Vec3(1, 0, 0)), 1e-12);
        Cone cylinder = new Cone(new Vec3(5, 0, -1), 1, new Vec3(5, 0, 1), 1, m);
        assertEquals(4, cylinder.intersect(Vec3.ZERO, new Vec3(1, 0, 0)), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, cylinder.intersect(new Vec3(0, 0, 2), new Vec3(1, 0, 0)));
        Cone cone = new Cone(new Vec3(5, 0, -1), 1, new Vec3(5, 0, 1), 0, m);
        assertEquals(4.5, cone.intersect(Vec3.ZERO, new Vec3(1, 0, 0)), 1e-12);
    }
}
