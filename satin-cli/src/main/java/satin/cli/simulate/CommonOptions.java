package satin.cli.simulate;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options every experiment shares. */
final class CommonOptions {
    @Option(names = "--seed", paramLabel = "SEED",
            description = "Random seed; the same seed gives the same result (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    long seed;

    @Option(names = "--json", description = "Print the results as JSON instead of a table.")
    boolean json;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for PNG charts (created if needed; no chart without it).")
    Path out;

    @Option(names = "--quiet", description = "No progress lines on stderr.")
    boolean quiet;

    @Option(names = "--paper-data", paramLabel = "DIR",
            description = "Directory with the paper's CSV files (default: the bundled copies).")
    Path paperData;
}
