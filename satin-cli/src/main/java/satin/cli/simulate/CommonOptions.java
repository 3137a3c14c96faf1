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

    @Option(names = "--engine", paramLabel = "protocol|model",
            description = "What decides the steals: protocol (the runtime's own stealing between nodes: its thief, victim "
                    + "and steal ledger, on simulated time and links) or model (the simulator's own model of RS and CRS, "
                    + "faster) (default: ${DEFAULT-VALUE}).")
    String engine = satin.simulator.paper.Engine.DEFAULT.label(); // picocli's default: the field's initial value

    satin.simulator.paper.Engine engine() {
        return satin.simulator.paper.Engine.parse(engine);
    }

    /** The line above a table that says which engine computed it. */
    String engineLine() {
        return engine() == satin.simulator.paper.Engine.PROTOCOL
                ? "engine: protocol (the runtime's own stealing between nodes; --engine model for the simulator's model)"
                : "engine: model (the simulator's model of RS and CRS; the default, --engine protocol, runs the runtime's)";
    }
}
