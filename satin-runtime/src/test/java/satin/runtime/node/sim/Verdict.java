package satin.runtime.node.sim;

import java.util.List;

/** What one seeded run showed: its violations of the invariants (none: it passed), when it ended, what it cost. */
record Verdict(Scenario scenario, List<String> violations, long endNanos, long messages, long events) {

    boolean passed() {
        return violations.isEmpty();
    }

    @Override
    public String toString() {
        return "seed " + scenario.seed() + " (replay: -Dsim.seed=" + scenario.seed() + "): " + scenario + " -> "
                + (passed() ? "passed" : String.join("; ", violations));
    }
}
