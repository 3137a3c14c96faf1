package satin.apps.raytracer;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Renders an NFF scene by halving the image recursively, each half a spawned job, down to blocks of at most
 * {@code leafPixels} pixels that are traced sequentially; a job returns its block's pixels (a long message).
 * The image is bit-identical to the sequential render however the jobs are scheduled.
 */
public final class RayTracer extends SatinObject implements RayTracerInter {

    static final String USAGE = "raytracer [scene: file.nff or balls2|jacks|tri (default balls2)] "
            + "[size: N or WxH (default: the scene's)] [output.png (default <scene>.png)] [leaf pixels (default 256)]";

    @Override
    public int[] render(Scene scene, int x, int y, int width, int height, int leafPixels) {
        if (Block.isLeaf(width, height, leafPixels)) {
            return Block.trace(scene, x, y, width, height);
        }
        int[] first;
        int[] second;
        if (Block.splitsVertically(width, height)) {
            int half = width / 2;
            first = render(scene, x, y, half, height, leafPixels);
            second = render(scene, x + half, y, width - half, height, leafPixels);
        } else {
            int half = height / 2;
            first = render(scene, x, y, width, half, leafPixels);
            second = render(scene, x, y + half, width, height - half, leafPixels);
        }
        sync();
        return Block.join(width, height, first, second);
    }

    /** The whole image, row-major 24-bit RGB. */
    public static int[] compute(Scene scene, int leafPixels) {
        RayTracer tracer = new RayTracer();
        int[] image = tracer.render(scene, 0, 0, scene.camera().width(), scene.camera().height(), leafPixels);
        tracer.sync();
        return image;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 4, args, System.out, System.err, RayTracer::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        String sceneName = args.stringAt(0, "balls2");
        Scene scene = Scenes.load(sceneName, args);
        if (!args.absent(1)) {
            scene = Scenes.resize(scene, args.stringAt(1, null), args);
        }
        Path output = Path.of(args.stringAt(2, Scenes.baseName(sceneName) + ".png"));
        int leafPixels = args.intAt(3, "leaf pixels", 256, 1, Integer.MAX_VALUE);
        Scene finalScene = scene;
        Timed<int[]> image = Timed.run(() -> compute(finalScene, leafPixels));
        int width = scene.camera().width();
        int height = scene.camera().height();
        out.println("rendered " + sceneName + " at " + width + "x" + height + " to " + output);
        AppMain.printTime(out, "satin", image);
        Png.write(output, width, height, image.value());
        Timed<int[]> sequential = Timed.run(() -> SequentialRayTracer.compute(finalScene, leafPixels));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, Arrays.equals(image.value(), sequential.value()),
                "bit-identical to the sequential render");
    }
}
