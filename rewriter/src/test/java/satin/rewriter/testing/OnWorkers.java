package satin.rewriter.testing;

import java.util.Arrays;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;

/** {@code OnWorkers <workers> <inline-threshold> <main-class> args...}: runs a main on a real runtime's workers. */
public final class OnWorkers {

    private OnWorkers() {
    }

    public static void main(String[] args) throws Exception {
        RuntimeConfig config = RuntimeConfig.defaults().withWorkers(Integer.parseInt(args[0]))
                .withInlineThreshold(Integer.parseInt(args[1]));
        try (SatinRuntime runtime = SatinRuntime.start(config)) {
            runtime.runMain(Class.forName(args[2]), Arrays.copyOfRange(args, 3, args.length));
        }
    }
}
