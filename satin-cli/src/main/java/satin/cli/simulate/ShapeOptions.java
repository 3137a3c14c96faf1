package satin.cli.simulate;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import satin.simulator.workload.TreeShape;

/** Options that adjust a synthetic tree: leaf grain and any {@link TreeShape} parameter. */
final class ShapeOptions {
    @Option(names = "--leaf-ms", paramLabel = "MS",
            description = "Leaf grain of the synthetic trees in ms; coarser = fewer jobs, faster simulation.")
    Double leafMillis;

    @Option(names = "--shape", split = ",", paramLabel = "KEY=VALUE",
            description = "Override tree parameters, e.g. irregularity=2,paramBytes=1000 (any TreeShape component).")
    Map<String, String> overrides = new LinkedHashMap<>();

    TreeShape apply(TreeShape shape) {
        TreeShape result = leafMillis == null ? shape : shape.withLeafNanos(Math.round(leafMillis * 1e6));
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            result = result.with(e.getKey(), e.getValue());
        }
        return result;
    }
}
