package satin.simulator.network;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import satin.balance.ClusterMap;

/**
 * A node's steady local link, kept by {@link Network} as one free time in an array, gives exactly the arrival times
 * of a {@link Link} object of the same spec (latency, transmission, FIFO queueing behind earlier messages), and
 * local links with jitter and loss, which stay {@link Link} objects, draw from the network's generator as before.
 */
class NetworkTest {

    @Test
    void steadyLocalLinksArriveWhenALinkObjectSays() {
        LinkSpec lan = LinkSpec.of(20_000, 50e6);
        LinkSpec slow = LinkSpec.of(50_000, 10e6);
        Topology topology = new Topology(ClusterMap.ofSizes(5, 3), List.of("a", "b"), new LinkSpec[] {lan, slow},
                new LinkSpec[][] {{null, LinkSpec.fromRoundTrip(20, 1000)}, {LinkSpec.fromRoundTrip(20, 1000), null}});
        Network network = new Network(topology, new SplittableRandom(1));
        Link[] expected = new Link[8];
        for (int node = 0; node < 8; node++) {
            expected[node] = new Link(node < 5 ? lan : slow);
        }
        SplittableRandom random = new SplittableRandom(7);
        long now = 0;
        long messages = 0;
        long bytes = 0;
        for (int i = 0; i < 20_000; i++) {
            now += random.nextInt(3) == 0 ? 0 : random.nextInt(4_000); // often back to back: the links queue
            int from = random.nextInt(8);
            int to = from < 5 ? random.nextInt(5) : 5 + random.nextInt(3);
            long size = random.nextInt(4) == 0 ? 64 + random.nextInt(100_000) : 64;
            assertEquals(expected[from].transmit(now, size, null), network.send(now, from, to, size), "message " + i);
            messages++;
            bytes += size;
        }
        assertEquals(messages, network.intraMessages());
        assertEquals(bytes, network.intraBytes());
        assertEquals(0, network.interMessages());
    }

    @Test
    void localLinksWithJitterAndLossStillDrawFromTheNetworksGenerator() {
        LinkSpec noisy = new LinkSpec(20_000, 50e6, 5_000, 0.1);
        Topology topology = Topology.uniform(1, 4, noisy, noisy);
        Network network = new Network(topology, new SplittableRandom(3));
        SplittableRandom draws = new SplittableRandom(3);
        Link[] expected = {new Link(noisy), new Link(noisy), new Link(noisy), new Link(noisy)};
        long now = 0;
        for (int i = 0; i < 2_000; i++) {
            now += 1_000;
            int from = i % 4;
            assertEquals(expected[from].transmit(now, 64, draws), network.send(now, from, (from + 1) % 4, 64), "message " + i);
        }
    }
}
