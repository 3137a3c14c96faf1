package satin.ipl.conformance;

import java.util.List;
import java.util.stream.Stream;

/**
 * The implementations the conformance suite runs against. Add an implementation's name here (and, if it
 * needs one, its test configuration in {@link PoolFixture}) to put it under the whole suite.
 */
public final class ConformanceImplementations {
    /** Every implementation, in-process ones included. */
    public static final List<String> ALL = List.of("local", "tcp", "udp");
    /** Implementations that work between separate JVM processes. */
    public static final List<String> NETWORKED = List.of("tcp", "udp");

    private ConformanceImplementations() {
    }

    public static Stream<String> all() {
        return ALL.stream();
    }

    public static Stream<String> networked() {
        return NETWORKED.stream();
    }
}
