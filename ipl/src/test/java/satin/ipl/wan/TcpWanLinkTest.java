package satin.ipl.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import satin.wanmodel.LatencySwing;
import satin.wanmodel.TcpPath;

/** WAN emulation with {@code tcp=on}: the reliable traffic of a link follows the simulator's TCP path model exactly. */
class TcpWanLinkTest {
    private static final long MS = 1_000_000L;
    private long now = 5_000 * MS;

    @Test
    void reliableMessagesArriveWhenTheSharedTcpPathModelSays() {
        LatencySwing swing = new LatencySwing(44 * MS, 204 * MS, 3_500 * MS, 1_000 * MS);
        LinkParameters p = new LinkParameters(102 * MS, 42_000, 0, 0.05, true, swing);
        WanLink emulated = new WanLink(p, 0, () -> now, new SplittableRandom(9), 200 * MS, 77, new WanPaths.InMemory());
        TcpPath model = new TcpPath(102 * MS, 42_000, 0, 0.05, swing, 77, 200 * MS);
        SplittableRandom draws = new SplittableRandom(9);
        for (int i = 0; i < 2_000; i++) {
            now += (i % 7) * 40 * MS;
            long size = i % 5 == 0 ? 40_000 : 120;
            long expected = model.arrival(now, size, draws);
            assertEquals(expected, emulated.schedule(size, true), "message " + i);
        }
        assertTrue(model.timeouts() > 0, "losses were drawn");
    }

    @Test
    void theTopologyFormatCarriesTheTcpPathAndItsSwing() throws Exception {
        WanTopology t = TopologyParser.parse("test", """
                cluster a b
                link a -> b latency=102ms bandwidth=42KB/s loss=0.019 tcp=on swing=44ms/204ms/3.5s/1s
                link b -> a latency=99ms bandwidth=73KB/s tcp=on
                """);
        LinkParameters ab = t.link("a", "b");
        assertTrue(ab.tcp());
        assertEquals(new LatencySwing(44 * MS, 204 * MS, 3_500 * MS, 1_000 * MS), ab.swing());
        assertEquals(0.019, ab.loss());
        assertTrue(t.link("b", "a").tcp());
        assertEquals(null, t.link("b", "a").swing());
        TopologyFormatException noTcp = assertThrows(TopologyFormatException.class, () -> TopologyParser.parse("test",
                "link a -> b latency=1ms swing=44ms/204ms/3.5s/1s\n"));
        assertTrue(noTcp.getMessage().contains("tcp=on"), noTcp.getMessage());
        TopologyFormatException badSwing = assertThrows(TopologyFormatException.class, () -> TopologyParser.parse("test",
                "link a -> b latency=1ms bandwidth=1KB/s tcp=on swing=44ms/3.5s\n"));
        assertTrue(badSwing.getMessage().contains("MIN/MEDIAN/MAX/EPOCH"), badSwing.getMessage());
        TopologyFormatException badTcp = assertThrows(TopologyFormatException.class, () -> TopologyParser.parse("test",
                "link a -> b latency=1ms bandwidth=1KB/s tcp=yes\n"));
        assertTrue(badTcp.getMessage().contains("on or off"), badTcp.getMessage());
    }
}
