package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every bundled application, at a small size, on 2 node JVMs in 2 clusters started by the packaged launcher:
 * the answer must pass the application's own check against its sequential version or known values.
 */
class AppsAcrossNodesIT {

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0} {1} on 2 nodes, {2}")
    @CsvSource({
            "fib,        25,                 CRS",
            "integrate,  50 8,               RS",
            "nqueens,    10 3,               CRS",
            "tsp,        10 42 3,            RS",
            "raytracer,  balls2 96 OUT 16,   CRS",
            "knapsack,   30 7 10,            RS",
            "matmul,     128 1 32,           CRS",
            "barneshut,  3000 2 5 256,       RS",
            "mergesort,  200000 3 8192,      CRS",
    })
    void passesItsSelfCheckAcrossTwoClusters(String app, String args, String algorithm) throws Exception {
        List<String> command = new ArrayList<>(List.of("run", "--nodes", "2", "--clusters", "2", "--workers", "1",
                "--algorithm", algorithm, "--stats", app));
        for (String arg : args.trim().split("\\s+")) {
            command.add(arg.equals("OUT") ? work.resolve(app + ".png").toString() : arg);
        }
        PackagedJar.Result result = PackagedJar.run(command);
        String output = result.output();
        assertEquals(0, result.exit(), output);
        assertTrue(output.contains("self-check passed"), output);
        assertTrue(output.contains("satin statistics (2 nodes, " + algorithm), output);
    }
}
