package satin.runtime.node.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import satin.balance.VictimSelector;
import satin.runtime.node.membership.PoolView;

/**
 * Uniform victim choice over the READY members of a simulated node's view, by the scenario's clusters (node
 * {@code n} is in cluster {@code n % clusters}), as {@code node.MemberVictims} draws over a real node's view (which
 * takes the clusters from the members' identifiers, which simulated members do not have). The victim choice is the
 * policy's environment, not a decision of the protocol.
 */
final class SimVictims implements VictimSelector {

    private final PoolView view;
    private final int self;
    private final int clusters;
    private final SplittableRandom random;

    SimVictims(PoolView view, int self, int clusters, SplittableRandom random) {
        this.view = view;
        this.self = self;
        this.clusters = clusters;
        this.random = random;
    }

    private int pick(IntPredicate which) {
        List<Integer> candidates = new ArrayList<>();
        for (int n : view.victims()) {
            if (n != self && which.test(n)) {
                candidates.add(n);
            }
        }
        return candidates.isEmpty() ? -1 : candidates.get(random.nextInt(candidates.size()));
    }

    @Override
    public int anyOther() {
        return pick(n -> true);
    }

    @Override
    public int inOwnCluster() {
        return pick(n -> n % clusters == self % clusters);
    }

    @Override
    public int inRemoteCluster() {
        return pick(n -> n % clusters != self % clusters);
    }
}
