package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.atomic.AtomicReference;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.ipl.ReceivePort;
import satin.runtime.spawn.WorkerPool;

/**
 * Two nodes over a real IPL pair, each the other's only victim: node 0 is a real {@link RemoteStealing} with its
 * worker pool, node 1 a {@link PlayedNode} that the test plays. One copy of building, connecting and ending the
 * pair, so that the tests that play node 1 differ only in what node 1 does and what they check.
 */
final class SingleVictimHarness {

    /**
     * Node 0 as a test wants it: the clusters of nodes 0 and 1, its policy and pool size, the costs it emulates and
     * whether it only steals.
     */
    record RealNode(int[] clusterOf, BalancePolicies policy, int workers, EmulatedCosts costs, boolean onlyThief) {

        RealNode(int[] clusterOf, BalancePolicies policy, int workers) {
            this(clusterOf, policy, workers, EmulatedCosts.NONE, false);
        }

        /** Node 0 answers steal requests with {@code emulated} costs. */
        RealNode emulating(EmulatedCosts emulated) {
            return new RealNode(clusterOf, policy, workers, emulated, onlyThief);
        }

        /** Node 0 only steals: node 1 sends it nothing but steal replies, and anything else fails the run. */
        RealNode asOnlyThief() {
            return new RealNode(clusterOf, policy, workers, costs, true);
        }
    }

    /** What a test does once node 0 runs and both nodes are connected. */
    interface Scenario {
        void run(SingleVictimHarness nodes) throws Exception;
    }

    /** Node 0's workers, started. */
    final WorkerPool pool;
    /** Node 0's stealing. */
    final RemoteStealing remote;
    private final AtomicReference<Throwable> fatal;
    private final PlayedNode played;

    private SingleVictimHarness(WorkerPool pool, RemoteStealing remote, AtomicReference<Throwable> fatal,
            PlayedNode played) {
        this.pool = pool;
        this.remote = remote;
        this.fatal = fatal;
        this.played = played;
    }

    /**
     * Runs {@code scenario} with {@code node} as node 0 and {@code played} as node 1; afterwards stops node 0's
     * stealing and pool and closes both nodes, whatever the scenario did.
     */
    static void run(RealNode node, PlayedNode played, Scenario scenario) throws Exception {
        AtomicReference<Throwable> fatal = new AtomicReference<>();
        try (IplPair pair = StealWire.pair()) {
            Peers nodePeers = StealWire.peers(pair, 0);
            played.peers = StealWire.peers(pair, 1);
            ClusterMap clusters = new ClusterMap(node.clusterOf());
            RemoteStealing remote = new RemoteStealing(0, clusters, nodePeers, 60_000, fatal::set);
            remote.emulate(node.costs(), "node0"); // with EmulatedCosts.NONE, the default, it changes nothing
            try (ReceivePort inbox = node.onlyThief() ? StealWire.thiefInbox(pair, remote, fatal)
                    : StealWire.nodeInbox(pair, remote, fatal);
                    ReceivePort playedInbox = pair.node(1).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT,
                            played::upcall)) {
                nodePeers.connectAll(0);
                played.peers.connectAll(1);
                WorkerPool pool = StealWire.start(remote, node.policy(), clusters, node.workers());
                try {
                    scenario.run(new SingleVictimHarness(pool, remote, fatal, played));
                } finally {
                    remote.stop();
                    remote.closeLateAnswers(); // does nothing unless costs were emulated
                    pool.shutdown();
                }
            } finally {
                nodePeers.close();
                played.peers.close();
            }
        }
    }

    /** Neither node 0's run nor the played node 1 found anything wrong so far. */
    void assertNoFailures() {
        assertNull(fatal.get());
        assertNull(played.failure.get());
    }
}
