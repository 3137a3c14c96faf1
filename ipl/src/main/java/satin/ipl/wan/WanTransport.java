package satin.ipl.wan;

import java.io.IOException;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.LongSupplier;
import satin.ipl.IplException;
import satin.ipl.NodeIdentifier;
import satin.ipl.Reachability;
import satin.ipl.spi.Packet;
import satin.ipl.spi.PacketHandler;
import satin.ipl.spi.PeerLink;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.Transport;

/**
 * Stacks WAN emulation on any transport: every link this node sends on gets the {@link LinkParameters} of
 * (this node's cluster, the peer's cluster) from the topology. Only the sending side delays, so each direction
 * of a pair is emulated once, by its sender. A node {@code n@c@site} belongs to topology cluster {@code c}.
 * Packets arriving from the inner transport are handed to the core with the wrapping link, so replies sent on
 * that link are emulated too. Closing stops the emulation and releases the packets still on its wires.
 *
 * <p>Which links queue behind each other, as in the simulator's network: a node's links into its own cluster share
 * one path (its network interface); its links to another cluster share that cluster pair's wide-area path from
 * {@link WanPaths}, which a run can share between all its nodes and processes ({@link WanProvider#PATHS}).
 */
public final class WanTransport implements Transport {
    private final Transport inner;
    private final WanTopology topology;
    private final LongSupplier clock;
    private final SplittableRandom seeds;
    private final long runSeed;
    private final ScheduledExecutorService scheduler;
    /** The wide-area paths: this node's own or the run's. */
    private final WanPaths widePaths;
    /** This node's outgoing interface into its own cluster. */
    private final WanPaths ownPaths = WanPaths.inMemory();
    private final Map<PeerLink, WanPeerLink> links = new ConcurrentHashMap<>();
    private volatile String selfCluster;
    /** Fault injection: the network cut of this node's wide-area links, or null. */
    private volatile PartitionCut partition;

    private WanTransport(Transport inner, WanTopology topology, long seed, WanPaths widePaths) {
        this.inner = inner;
        this.widePaths = widePaths;
        this.topology = topology;
        this.clock = System::nanoTime;
        this.seeds = new SplittableRandom(seed);
        this.runSeed = seed;
        ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = Executors.defaultThreadFactory().newThread(r);
            t.setName("satin-wan-emulation");
            t.setDaemon(true);
            return t;
        });
        s.setRemoveOnCancelPolicy(true);
        this.scheduler = s;
    }

    /**
     * Creates the inner transport through {@code factory} with a handler that maps its links to their emulated
     * wrappers before passing packets on to the core's {@code handler}, and wraps it. Each wide-area path is this
     * node's own.
     */
    public static WanTransport stack(WanTopology topology, long seed, PacketHandler core, InnerFactory factory)
            throws IOException {
        return stack(topology, seed, WanPaths.inMemory(), core, null, factory);
    }

    /**
     * As {@link #stack(WanTopology, long, PacketHandler, InnerFactory)}, with the wide-area paths in {@code paths} and
     * a network cut (fault injection; may be null) that holds this node's wide-area traffic while it lasts ({@link
     * PartitionCut}).
     */
    public static WanTransport stack(WanTopology topology, long seed, WanPaths paths, PacketHandler core,
            satin.ipl.NetworkCut cut,
            InnerFactory factory) throws IOException {
        WanTransport[] holder = new WanTransport[1];
        PacketHandler mapping = new PacketHandler() {
            @Override
            public void received(PeerLink link, Packet packet) throws ProtocolException {
                WanPeerLink w;
                try {
                    w = holder[0].wrap(link);
                } catch (RuntimeException e) {
                    packet.release();
                    throw e;
                }
                PartitionCut c = holder[0].partition;
                if (c != null) {
                    c.received(c.outer(w), packet);
                } else {
                    core.received(w, packet);
                }
            }

            @Override
            public void linkClosed(PeerLink link, Throwable cause) {
                WanPeerLink w = holder[0].links.remove(link);
                if (w != null) {
                    w.drop();
                }
                PeerLink closed = w != null ? w : holder[0].emulated(link);
                PartitionCut c = holder[0].partition;
                if (c != null) {
                    PeerLink outer = c.outer(closed);
                    c.forget(closed);
                    closed = outer;
                }
                core.linkClosed(closed, cause);
            }
        };
        Transport inner = factory.create(mapping);
        holder[0] = new WanTransport(inner, topology, seed, paths);
        if (cut != null) {
            WanTransport t = holder[0];
            t.partition = new PartitionCut(cut, peer -> !clusterOf(peer).equals(t.selfCluster), core);
        }
        return holder[0];
    }

    /** Creates the inner transport with the handler it must deliver to. */
    @FunctionalInterface
    public interface InnerFactory {
        Transport create(PacketHandler handler) throws IOException;
    }

    /** The cluster a node belongs to in topology terms: the most specific level of its location's parent. */
    public static String clusterOf(NodeIdentifier node) {
        return node.cluster().levels().get(0);
    }

    private WanPeerLink wrap(PeerLink innerLink) {
        return links.computeIfAbsent(innerLink, this::emulated);
    }

    private WanPeerLink emulated(PeerLink innerLink) {
        String from = selfCluster;
        String to = clusterOf(innerLink.peer());
        LinkParameters p = topology.link(from, to);
        LinkParameters back = topology.link(to, from);
        // A lost reliable packet costs about one retransmission timeout, taken as two round trips, at least the
        // topology's floor (which a time-scaled emulation scales with everything else).
        long penalty = Math.max(topology.minRetransmissionNanos(), 2 * (p.latencyNanos() + back.latencyNanos()));
        long seed;
        synchronized (seeds) {
            seed = seeds.nextLong();
        }
        // A swing belongs to the cluster pair's link: every node's link of the pair swings alike (same seed, same
        // machine clock).
        long swingSeed = runSeed * 31 + (from + "->" + to).hashCode();
        SharedPath shared = (from.equals(to) ? ownPaths : widePaths).path(from, to);
        return new WanPeerLink(innerLink, new WanLink(p, penalty, clock, new SplittableRandom(seed),
                topology.minRetransmissionNanos(), swingSeed, shared), scheduler, clock);
    }

    public WanTopology topology() {
        return topology;
    }

    @Override
    public byte[] address() {
        return inner.address();
    }

    @Override
    public void open(NodeIdentifier self) throws IOException {
        String cluster = clusterOf(self);
        if (!topology.clusters().isEmpty() && !topology.clusters().contains(cluster)) {
            throw new IplException("node " + self + " is in cluster '" + cluster + "', which WAN topology "
                    + topology.name() + " does not list; its clusters: " + topology.clusters());
        }
        this.selfCluster = cluster;
        inner.open(self);
    }

    @Override
    public PeerLink link(NodeIdentifier peer, long timeoutMillis) throws IOException {
        String cluster = clusterOf(peer);
        if (!topology.clusters().isEmpty() && !topology.clusters().contains(cluster)) {
            throw new IplException("peer " + peer + " is in cluster '" + cluster + "', which WAN topology "
                    + topology.name() + " does not list; its clusters: " + topology.clusters());
        }
        WanPeerLink w = wrap(inner.link(peer, timeoutMillis));
        PartitionCut c = partition;
        return c == null ? w : c.outer(w);
    }

    /** The inner transport's answer; a peer behind a partition cut is silent (the cut holds the handshake). */
    @Override
    public Reachability probe(NodeIdentifier peer, long timeoutMillis) {
        PartitionCut c = partition;
        if (c != null && c.cuts(peer)) {
            return Reachability.SILENT;
        }
        return inner.probe(peer, timeoutMillis);
    }

    @Override
    public int maxPayload() {
        return inner.maxPayload();
    }

    @Override
    public void close() {
        PartitionCut c = partition;
        if (c != null) {
            c.close();
        }
        scheduler.shutdownNow();
        for (WanPeerLink l : links.values()) {
            l.drop();
        }
        inner.close();
    }
}
