package satin.apps.raytracer;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Writes 24-bit RGB pixels as a PNG file. */
public final class Png {

    private Png() {
    }

    public static void write(Path file, int width, int height, int[] rgb) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, width, height, rgb, 0, width);
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer available to write " + file);
        }
    }
}
