package satin.apps.raytracer;

/** The sequential baseline: the same recursive split of the image, without Satin operations. */
public final class SequentialRayTracer {

    private SequentialRayTracer() {
    }

    static int[] render(Scene scene, int x, int y, int width, int height, int leafPixels) {
        if (Block.isLeaf(width, height, leafPixels)) {
            return Block.trace(scene, x, y, width, height);
        }
        if (Block.splitsVertically(width, height)) {
            int half = width / 2;
            return Block.join(width, height, render(scene, x, y, half, height, leafPixels),
                    render(scene, x + half, y, width - half, height, leafPixels));
        }
        int half = height / 2;
        return Block.join(width, height, render(scene, x, y, width, half, leafPixels),
                render(scene, x, y + half, width, height - half, leafPixels));
    }

    public static int[] compute(Scene scene, int leafPixels) {
        return render(scene, 0, 0, scene.camera().width(), scene.camera().height(), leafPixels);
    }
}
