package satin.apps.raytracer;

/**
 * How the image is divided: a block larger than the leaf size is halved across its longer side, and the
 * halves' pixels are pasted into the block's. Shared by both versions; a leaf is traced pixel by pixel.
 */
final class Block {

    private Block() {
    }

    static boolean isLeaf(int width, int height, int leafPixels) {
        return width * height <= leafPixels || (width == 1 && height == 1);
    }

    static boolean splitsVertically(int width, int height) {
        return width >= height;
    }

    /** Traces every pixel of the block at (x, y), row by row. */
    static int[] trace(Scene scene, int x, int y, int width, int height) {
        int[] pixels = new int[width * height];
        for (int row = 0; row < height; row++) {
            for (int column = 0; column < width; column++) {
                pixels[row * width + column] = Shader.pixel(scene, x + column, y + row);
            }
        }
        return pixels;
    }

    /** Joins the two halves of a block split as {@link #splitsVertically} says. */
    static int[] join(int width, int height, int[] first, int[] second) {
        int[] pixels = new int[width * height];
        if (splitsVertically(width, height)) {
            int firstWidth = width / 2;
            int secondWidth = width - firstWidth;
            for (int row = 0; row < height; row++) {
                System.arraycopy(first, row * firstWidth, pixels, row * width, firstWidth);
                System.arraycopy(second, row * secondWidth, pixels, row * width + firstWidth, secondWidth);
            }
        } else {
            System.arraycopy(first, 0, pixels, 0, first.length);
            System.arraycopy(second, 0, pixels, first.length, second.length);
        }
        return pixels;
    }
}
