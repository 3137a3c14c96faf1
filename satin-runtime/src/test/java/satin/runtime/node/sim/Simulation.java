package satin.runtime.node.sim;

/** Runs seeded schedules: {@link #run} is the one entry the tests (and a replay) use. */
final class Simulation {

    /** The most faults one schedule draws (the count itself is drawn from 0 to this). */
    static final int MAX_FAULTS = 4;

    private final SimWire wire = new SimWire();

    /** Runs the schedule of {@code seed} with {@code mutation} (normally {@link Mutation#NONE}). */
    Verdict run(long seed, Mutation mutation) {
        return new World(Scenario.of(seed, MAX_FAULTS), mutation, wire).run();
    }
}
