package satin.cli.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.ipl.wan.LinkParameters;
import satin.ipl.wan.WanLink;
import satin.ipl.wan.WanPaths;
import satin.simulator.network.Link;
import satin.simulator.network.LinkSpec;
import satin.simulator.network.Network;
import satin.simulator.network.Topology;
import satin.wanmodel.LatencySwing;

/**
 * The emulation's wide area is the simulator's: two node pairs of one cluster pair (a0 to b0, a1 to b1), each with its
 * own emulated link, as two JVMs hold them (each maps the run's path file itself), get exactly the arrivals the
 * simulator's network gives the same messages at the same times with the same draws; with a path per link they do not.
 */
class SharedWidePathTest {
    private static final long MS = 1_000_000L;
    /** A lossy, swinging GridLab-like path: 100 ms one way, 40 KB/s, 5% loss, round trip 60 ms to 2 s. */
    private static final LatencySwing SWING = new LatencySwing(60 * MS, 200 * MS, 2_000 * MS, 1_000 * MS);

    @Test
    void twoNodePairsOfOneClusterPairGetTheSimulatorsArrivals(@TempDir Path dir) throws Exception {
        long seed = 42;
        long[] simulated = simulate(seed);
        Path file = dir.resolve("wan-paths");
        long[] emulated = emulate(seed, WanPaths.mapped(file), WanPaths.mapped(file));
        assertArrayEquals(simulated, emulated);
        // the messages met each other: a path per node pair gives other arrivals
        long[] unshared = emulate(seed, WanPaths.inMemory(), WanPaths.inMemory());
        assertFalse(java.util.Arrays.equals(simulated, unshared), "the test's messages queue behind each other");
        assertTrue(WanPaths.mapped(file).path("A", "B").timeouts() > 0, "losses were drawn on the shared path");
        assertEquals(MESSAGES.length, WanPaths.mapped(file).path("A", "B").packets(), "both pairs' packets counted");
    }

    /** Messages alternating between the two pairs: bursts that queue, and idle gaps after which slow start begins. */
    private static final long[][] MESSAGES = messages();

    private static long[][] messages() {
        SplittableRandom r = new SplittableRandom(5);
        long[][] m = new long[400][];
        long t = 0;
        for (int i = 0; i < m.length; i++) {
            t += r.nextInt(10) == 0 ? 900 * MS : r.nextLong(20 * MS);
            long bytes = r.nextBoolean() ? 60 + r.nextInt(200) : 1_000 + r.nextInt(40_000);
            m[i] = new long[] {t, i % 2, bytes};
        }
        return m;
    }

    private static long[] simulate(long seed) {
        Topology topology = Topology.uniform(2, 2, LinkSpec.of(MS, 1e9),
                LinkSpec.tcp(100 * MS, 40_000, 0.05, SWING));
        Network network = new Network(topology, new SplittableRandom(seed));
        long[] arrivals = new long[MESSAGES.length];
        for (int i = 0; i < MESSAGES.length; i++) {
            int pair = (int) MESSAGES[i][1];
            // nodes 0, 1 are cluster 0 (A); 2, 3 are cluster 1 (B)
            arrivals[i] = network.send(MESSAGES[i][0], pair, 2 + pair, MESSAGES[i][2]);
        }
        return arrivals;
    }

    private static long[] emulate(long seed, WanPaths first, WanPaths second) {
        // the simulator's generator: one swing seed per swinging wide link (A to B first), then every message's draws
        SplittableRandom random = new SplittableRandom(seed);
        long swingSeed = random.nextLong();
        random.nextLong(); // B to A's swing
        AtomicLong clock = new AtomicLong();
        LinkParameters p = new LinkParameters(100 * MS, 40_000, 0, 0.05, true, SWING);
        WanLink[] links = {
                new WanLink(p, 0, clock::get, random, Link.MIN_RETRANSMIT_NANOS, swingSeed, first.path("A", "B")),
                new WanLink(p, 0, clock::get, random, Link.MIN_RETRANSMIT_NANOS, swingSeed, second.path("A", "B"))};
        long[] arrivals = new long[MESSAGES.length];
        for (int i = 0; i < MESSAGES.length; i++) {
            clock.set(MESSAGES[i][0]);
            arrivals[i] = links[(int) MESSAGES[i][1]].schedule(MESSAGES[i][2], true);
        }
        assertEquals(MESSAGES.length, arrivals.length);
        return arrivals;
    }
}
