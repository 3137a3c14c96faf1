package satin.samples.raytracer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import satin.SatinObject;

/**
 * A ray tracer in the style of the original Satin's users: the scene is built by a constructor that spawns, the
 * scene's objects are a class hierarchy with a concrete base ({@link GfxObject}: planes, spheres, polygons,
 * triangles, patches; surfaces of two kinds) holding arrays of vectors, and the image is rendered by halving it
 * recursively, each half a spawned call. {@code main} renders, then renders again sequentially and says whether
 * the two images are bit-identical; with a file name it also writes the image (PPM).
 *
 * <p>{@code java satin.samples.raytracer.RayTracer [width height [detail [leaf [out.ppm]]]]}
 */
public class RayTracer extends SatinObject implements RayTracerInter {

    @Override
    public int[] render(Scene scene, int x, int y, int width, int height, int leaf) {
        if (width * height <= leaf) {
            int[] pixels = new int[width * height];
            for (int row = 0; row < height; row++) {
                for (int column = 0; column < width; column++) {
                    pixels[row * width + column] = Tracer.pixel(scene, x + column, y + row);
                }
            }
            return pixels;
        }
        int[] first;
        int[] second;
        if (width >= height) {
            int half = width / 2;
            first = render(scene, x, y, half, height, leaf);
            second = render(scene, x + half, y, width - half, height, leaf);
        } else {
            int half = height / 2;
            first = render(scene, x, y, width, half, leaf);
            second = render(scene, x, y + half, width, height - half, leaf);
        }
        sync();
        int[] pixels = new int[width * height];
        if (width >= height) {
            int half = width / 2;
            for (int row = 0; row < height; row++) {
                System.arraycopy(first, row * half, pixels, row * width, half);
                System.arraycopy(second, row * (width - half), pixels, row * width + half, width - half);
            }
        } else {
            System.arraycopy(first, 0, pixels, 0, first.length);
            System.arraycopy(second, 0, pixels, first.length, second.length);
        }
        return pixels;
    }

    public static void main(String[] args) throws IOException {
        int width = args.length > 1 ? Integer.parseInt(args[0]) : 240;
        int height = args.length > 1 ? Integer.parseInt(args[1]) : 180;
        int detail = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        int leaf = args.length > 3 ? Integer.parseInt(args[3]) : 64;
        long start = System.nanoTime();
        Scene scene = new Scene(width, height, detail);
        RayTracer tracer = new RayTracer();
        int[] image = tracer.render(scene, 0, 0, width, height, leaf);
        tracer.sync();
        long parallel = System.nanoTime() - start;
        int[] reference = Tracer.renderSequentially(new Scene(width, height, detail));
        boolean same = Arrays.equals(image, reference);
        System.out.println("image " + width + "x" + height + " of " + scene.objects.length + " objects, sha256 "
                + sha256(image) + (same ? " (bit-identical to the sequential render)" : " (DIFFERS from the"
                + " sequential render)"));
        System.out.println("rendered in " + parallel / 1_000_000 + " ms");
        if (args.length > 4) {
            writePpm(Path.of(args[4]), width, height, image);
        }
    }

    /** The SHA-256 of the pixels, each as 4 big-endian bytes. */
    public static String sha256(int[] pixels) {
        ByteBuffer bytes = ByteBuffer.allocate(pixels.length * 4);
        bytes.asIntBuffer().put(pixels);
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void writePpm(Path file, int width, int height, int[] image) throws IOException {
        byte[] header = ("P6\n" + width + " " + height + "\n255\n").getBytes(StandardCharsets.US_ASCII);
        byte[] data = new byte[header.length + image.length * 3];
        System.arraycopy(header, 0, data, 0, header.length);
        for (int i = 0; i < image.length; i++) {
            data[header.length + 3 * i] = (byte) (image[i] >> 16);
            data[header.length + 3 * i + 1] = (byte) (image[i] >> 8);
            data[header.length + 3 * i + 2] = (byte) image[i];
        }
        Files.write(file, data);
    }
}
