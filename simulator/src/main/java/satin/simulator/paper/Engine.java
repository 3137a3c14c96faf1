package satin.simulator.paper;

import java.util.Locale;
import satin.simulator.model.RunResult;
import satin.simulator.model.Simulation;
import satin.simulator.model.SimulationConfig;
import satin.simulator.protocol.ProtocolSimulation;

/**
 * Which code decides what a steal does in a simulated run: the runtime's own stealing between nodes
 * ({@link #PROTOCOL}, the default: {@code satin.simulator.protocol}) or the simulator's model of RS and CRS
 * ({@link #MODEL}: {@code satin.simulator.model.Simulation}, faster, kept for comparison and for very large runs).
 * Both take the same configuration and report the same figures.
 */
public enum Engine {
    PROTOCOL {
        @Override
        public RunResult run(SimulationConfig config) {
            return new ProtocolSimulation(config).run();
        }
    },
    MODEL {
        @Override
        public RunResult run(SimulationConfig config) {
            return new Simulation(config).run();
        }
    };

    public static final Engine DEFAULT = PROTOCOL;

    /** Runs one simulation of {@code config} to its end. */
    public abstract RunResult run(SimulationConfig config);

    /** protocol or model, case-insensitively. */
    public static Engine parse(String name) {
        for (Engine e : values()) {
            if (e.name().equalsIgnoreCase(name.trim())) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown engine '" + name + "' (expected protocol or model)");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
