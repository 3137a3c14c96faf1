package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologyParserTest {
    private static final long MS = 1_000_000L;

    @Test
    void parsesDefaultsLocalClustersAndLinks() throws Exception {
        WanTopology t = TopologyParser.parse("test.wan", """
                # two sites
                default latency=100ms bandwidth=100KB/s jitter=2ms loss=1%
                local   latency=250us
                cluster ams delft lecce
                link ams -> lecce latency=102ms bandwidth=42KB/s loss=0.05   # day-time Lecce
                link ams <-> delft bandwidth=1.5MB/s
                """);
        assertEquals(Set.of("ams", "delft", "lecce"), t.clusters());
        assertEquals(new LinkParameters(102 * MS, 42_000, 2 * MS, 0.05), t.link("ams", "lecce"));
        assertEquals(new LinkParameters(100 * MS, 100_000, 2 * MS, 0.01), t.link("lecce", "ams"), "default");
        assertEquals(new LinkParameters(100 * MS, 1.5e6, 2 * MS, 0.01), t.link("delft", "ams"), "<-> both ways");
        assertEquals(new LinkParameters(250_000, Double.POSITIVE_INFINITY, 0, 0), t.link("ams", "ams"));
    }

    @Test
    void emptyFileEmulatesNothing() throws Exception {
        WanTopology t = TopologyParser.parse("empty", "# nothing\n\n");
        assertTrue(t.link("a", "b").emulatesNothing());
        assertTrue(t.link("a", "a").emulatesNothing());
    }

    @Test
    void theRetransmissionFloorIsTenMillisecondsUnlessTheFileSetsIt() throws Exception {
        assertEquals(10_000_000L, TopologyParser.parse("none", "default latency=1ms\n").minRetransmissionNanos());
        assertEquals(4_000L, TopologyParser.parse("scaled", "retransmission-floor 4us\ndefault latency=1ms\n")
                .minRetransmissionNanos());
        assertTrue(error("retransmission-floor").contains("bad.wan:1: expected 'retransmission-floor DURATION'"));
        assertTrue(error("retransmission-floor -1ms").contains("must not be negative"));
    }

    private static String error(String text) {
        return assertThrows(TopologyFormatException.class, () -> TopologyParser.parse("bad.wan", text))
                .getMessage();
    }

    @Test
    void errorsNameTheLineAndTheCause() {
        assertEquals("bad.wan:2: duration '10' needs a unit: us, ms or s",
                error("# x\ndefault latency=10\n"));
        assertTrue(error("default bandwidth=fast").contains("bad.wan:1: bandwidth 'fast' needs a unit"));
        assertTrue(error("default bandwidth=0KB/s").contains("must be positive"));
        assertTrue(error("default loss=1.5").contains("loss '1.5' must be in [0, 1)"));
        assertTrue(error("default loss=100%").contains("must be in [0, 1)"));
        assertTrue(error("default latency=-1ms").contains("must not be negative"));
        assertTrue(error("default speed=1ms").contains("unknown key 'speed'"));
        assertTrue(error("default latency").contains("expected key=value"));
        assertTrue(error("default latency=1ms latency=2ms").contains("given twice"));
        assertTrue(error("default\ndefault").contains("bad.wan:2: second 'default' line (first on line 1)"));
        assertTrue(error("route a -> b").contains("unknown directive 'route'"));
        assertTrue(error("link a b latency=1ms").contains("expected 'link FROM -> TO"));
        assertTrue(error("cluster a b\nlink a -> c latency=1ms").contains("bad.wan:2: link names undeclared "
                + "cluster 'c'"));
        assertTrue(error("link a -> b latency=1ms\nlink a -> b latency=2ms").contains("bad.wan:2: link a -> b given"
                + " twice"));
        assertTrue(error("cluster a a").contains("declared twice"));
        assertTrue(error("cluster x@y").contains("invalid cluster name"));
        assertTrue(error("link a -> b latency=1ms\ncluster a b").contains("before the first link"));
    }

    @Test
    void quantities() {
        assertEquals(1_500_000_000L, Quantities.parseDuration("1.5s"));
        assertEquals(250_000L, Quantities.parseDuration("250us"));
        assertEquals(2e9, Quantities.parseBandwidth("2GB/s"));
        assertEquals(800.0, Quantities.parseBandwidth("800B/s"));
        assertEquals(Double.POSITIVE_INFINITY, Quantities.parseBandwidth("unlimited"));
        assertEquals(0.23, Quantities.parseProbability("23%"), 1e-12);
    }
}
