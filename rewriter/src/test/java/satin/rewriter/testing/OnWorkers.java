package satin.rewriter.testing;

import java.util.Arrays;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/**
 * {@code OnWorkers [--split-loops] <workers> <inline-threshold> <main-class> args...}: runs a main on a real runtime's
 * workers ({@code --split-loops}: with loop splitting on).
 */
public final class OnWorkers {

    private OnWorkers() {
    }

    public static void main(String[] args) throws Exception {
        boolean split = args.length > 0 && args[0].equals("--split-loops");
        if (split) {
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        RuntimeConfig config = RuntimeConfig.defaults().withWorkers(Integer.parseInt(args[0]))
                .withInlineThreshold(Integer.parseInt(args[1])).withLoopSplitting(split);
        try (SatinRuntime runtime = SatinRuntime.start(config)) {
            runtime.runMain(Class.forName(args[2]), Arrays.copyOfRange(args, 3, args.length));
        }
    }
}
