package satin.wanmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The TCP path model: throughput, loss recovery, slow start, latency swings; every figure from a fixed seed. */
class TcpPathTest {
    private static final long MS = 1_000_000L;

    @Test
    void inferredLossGivesBackTheMeasuredThroughputAndMathisBoundsIt() {
        long rtt = 204 * MS;
        long rto = TcpThroughput.rto(rtt, 200 * MS);
        for (double kbs : new double[] {7.5, 22, 42, 73, 425}) {
            double p = TcpThroughput.inferLoss(rtt, kbs * 1000, rto);
            assertTrue(p > 0 && p < 0.5, kbs + " KB/s: p " + p);
            assertEquals(kbs * 1000, TcpThroughput.padhye(rtt, p, rto), kbs * 1000 * 1e-6);
            // timeouts only lower the throughput below congestion avoidance alone
            assertTrue(TcpThroughput.mathis(rtt, p) > kbs * 1000, kbs + " KB/s");
        }
        // the paper's slowest link by night (Berlin -> Lecce, 9 KB/s at 59 ms): the paper's "up to 23% loss"
        assertEquals(0.23, TcpThroughput.inferLoss(59 * MS, 9000, 200 * MS), 0.01);
        // a fast short link: at most a loss so small that it costs a message nothing measurable
        assertTrue(TcpThroughput.inferLoss(MS, 100e6, 200 * MS) < 2e-4);
        assertEquals(0, TcpThroughput.inferLoss(MS, 1e15, 200 * MS), "beyond any loss: the capacity limits");
    }

    @Test
    void aLossyLongLinkCarriesABulkStreamAtItsFormulaThroughput() {
        long rtt = 204 * MS;
        double p = 0.05;
        long rto = TcpThroughput.rto(rtt, 200 * MS);
        double formula = TcpThroughput.padhye(rtt, p, rto);
        TcpPath path = new TcpPath(rtt / 2, formula, 0, p, null, 0, 200 * MS);
        SplittableRandom random = new SplittableRandom(1);
        long bytes = 0;
        long last = 0;
        for (int i = 0; i < 2_000; i++) {
            last = path.arrival(0, 40_000, random);
            bytes += 40_000;
        }
        double throughput = bytes / (last / 1e9);
        assertEquals(formula, throughput, formula * 0.01, "bytes per second of a long back-to-back stream");
        assertTrue(path.timeouts() > 0, "tail losses were drawn");
    }

    @Test
    void aLostSmallMessageWaitsForRetransmissionTimeoutsThatDouble() {
        long rtt = 200 * MS;
        double p = 0.2;
        long rto = TcpThroughput.rto(rtt, 200 * MS);
        SplittableRandom random = new SplittableRandom(7);
        int n = 200_000;
        double extra = 0;
        long now = 0;
        TcpPath path = new TcpPath(rtt / 2, 1e12, 0, p, null, 0, 200 * MS);
        for (int i = 0; i < n; i++) {
            now += 1_000_000 * MS; // idle in between: every message alone, FIFO never holds it back
            extra += path.arrival(now, 100, random) - now - rtt / 2 - 1;
        }
        // one segment: lost with p, then each retransmission lost with p again, the timeout doubling each time
        double expected = rto * p / (1 - 2 * p);
        assertEquals(expected, extra / n, expected * 0.03);
    }

    @Test
    void slowStartRestartsOnlyAfterTheConnectionWasIdle() {
        long rtt = 100 * MS;
        TcpPath path = new TcpPath(rtt / 2, 1e9, 0, 0, null, 0, 200 * MS);
        SplittableRandom random = new SplittableRandom(1);
        // 40 KB = 28 segments: windows 2 + 4 + 8 + 16, four rounds, three round trips more than one segment
        long first = path.arrival(0, 40_000, random);
        assertEquals(3 * rtt + rtt / 2, first);
        long second = path.arrival(first - rtt / 2, 40_000, random);   // sent as the first one left: window open
        assertEquals(first - rtt / 2 + 40_000 + rtt / 2, second);
        assertEquals(1, TcpPath.slowStartRounds(1));
        assertEquals(4, TcpPath.slowStartRounds(30));
        assertEquals(5, TcpPath.slowStartRounds(31));
    }

    @Test
    void latencySwingsFollowTheDistributionFromTheMeasurements() {
        // the paper's worst link by day: 44 ms to 3.5 s, usually 204 ms
        LatencySwing swing = new LatencySwing(44 * MS, 204 * MS, 3_500 * MS, 1_000 * MS);
        int n = 100_000;
        long[] rtt = new long[n];
        for (int i = 0; i < n; i++) {
            rtt[i] = swing.rttAt(i * 1_000 * MS + 500 * MS, 42);
            assertEquals(rtt[i], swing.rttAt(i * 1_000 * MS, 42), "one value per epoch");
        }
        Arrays.sort(rtt);
        assertTrue(rtt[0] >= 44 * MS && rtt[n - 1] <= 3_500 * MS);
        assertEquals(204 * MS, rtt[n / 2], 204 * MS * 0.02, "median");
        assertEquals(Math.sqrt(44.0 * 204) * MS, rtt[n / 4], rtt[n / 4] * 0.02, "first quartile: log-uniform below");
        assertEquals(Math.sqrt(204.0 * 3500) * MS, rtt[3 * n / 4], rtt[3 * n / 4] * 0.02, "third quartile");
        assertTrue(rtt[n / 100] < 50 * MS && rtt[n - n / 100] > 3_000 * MS, "the extremes are reached");
    }

    @Test
    void aSwingingStreamNeverReordersAndTheSameSeedRepeats() {
        LatencySwing swing = new LatencySwing(44 * MS, 204 * MS, 3_500 * MS, 1_000 * MS);
        long[][] runs = new long[2][];
        for (int r = 0; r < 2; r++) {
            TcpPath path = new TcpPath(102 * MS, 42_000, 0, 0.1, swing, 99, 200 * MS);
            SplittableRandom random = new SplittableRandom(3);
            runs[r] = new long[5_000];
            long previous = Long.MIN_VALUE;
            for (int i = 0; i < runs[r].length; i++) {
                long a = path.arrival(i * 50 * MS, 200, random);
                assertTrue(a >= previous, "message " + i + " overtook the one before");
                assertTrue(a >= i * 50 * MS + 22 * MS, "no faster than the least one-way latency");
                previous = a;
                runs[r][i] = a;
            }
        }
        assertTrue(Arrays.equals(runs[0], runs[1]));
    }

    @Test
    void aSwingingLinkTeachesTcpATimeoutOfSecondsAndALostMessageWaitsIt() {
        // Jacobson's SRTT + 4 RTTVAR over 44 ms / 204 ms / 3.5 s: mean 632 ms, mean deviation 628 ms, about 3.1 s
        LatencySwing swing = new LatencySwing(44 * MS, 204 * MS, 3_500 * MS, 1_000 * MS);
        assertEquals(632 * MS, swing.meanNanos(), 2 * MS);
        assertEquals(628 * MS, swing.meanDeviationNanos(), 2 * MS);
        long rto = TcpThroughput.rto(swing, 200 * MS);
        assertEquals(3_146 * MS, rto, 10 * MS);
        assertEquals(200 * MS, TcpThroughput.rto(new LatencySwing(MS, MS, MS, MS), 200 * MS), "at least the floor");
        // lossy single segments, each alone on the path: every extra delay is a multiple of that timeout
        double p = 0.2;
        TcpPath path = new TcpPath(102 * MS, 1e12, 0, p, swing, 5, 200 * MS);
        TcpPath steady = new TcpPath(102 * MS, 1e12, 0, p, null, 5, 200 * MS);
        SplittableRandom random = new SplittableRandom(11);
        SplittableRandom same = new SplittableRandom(11);
        int n = 50_000;
        double extra = 0;
        double steadyExtra = 0;
        for (int i = 0; i < n; i++) {
            long now = (i + 1L) * 100_000_000 * MS; // alone on the path, and 50,000 of them fit in a long
            long late = path.arrival(now, 100, random) - now - path.rttAt(now) / 2 - 1; // 1 ns to send 100 bytes
            assertTrue(late == 0 || late >= rto, "a loss costs at least the swing's timeout, got " + late);
            extra += late;
            long steadyLate = steady.arrival(now, 100, same) - now - 102 * MS - 1;
            assertEquals(0, steadyLate % (408 * MS), "steady 204 ms: sums of 2 RTT = 408 ms, doubling");
            steadyExtra += steadyLate;
        }
        // RTO p / (1 - 2p) on average; a little more, as a round trip above half the timeout (1.6-3.5 s) doubles it
        double least = rto * p / (1 - 2 * p);
        assertTrue(extra / n > least * 0.97 && extra / n < least * 1.15, "mean wait " + extra / n + " against " + least);
        assertTrue(extra / steadyExtra > 7, "the same draws wait 7.7 times longer or more than at a steady 204 ms");
    }
}
