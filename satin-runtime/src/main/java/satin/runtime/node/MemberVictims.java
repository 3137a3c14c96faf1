package satin.runtime.node;

import satin.runtime.node.membership.PoolView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import satin.balance.ClusterMap;
import satin.balance.RandomVictimSelector;
import satin.balance.VictimSelector;

/**
 * Uniform victim choice over the members of a pool that grows ({@link PoolView}): a {@link RandomVictimSelector}
 * over the ready members' snapshot, rebuilt whenever the snapshot changed (a node joined), so RS and CRS draw over
 * every node that is in the run now. The members' numbers need not be dense (a node that died before this one
 * learned of it has a number but no entry): the selector draws positions in the snapshot and maps them back.
 *
 * <p>Called under the steal policy's lock only (one thread at a time); the cached selector is rebuilt by the caller.
 */
final class MemberVictims implements VictimSelector {

    private final PoolView members;
    private final int self;
    private final RandomGenerator random;
    private List<Integer> basis;
    private int[] numbers;
    private VictimSelector positions;

    MemberVictims(PoolView members, int self, RandomGenerator random) {
        this.members = members;
        this.self = self;
        this.random = random;
    }

    @Override
    public int anyOther() {
        return number(current().anyOther());
    }

    @Override
    public int inOwnCluster() {
        return number(current().inOwnCluster());
    }

    @Override
    public int inRemoteCluster() {
        return number(current().inRemoteCluster());
    }

    private int number(int position) {
        return position < 0 ? -1 : numbers[position];
    }

    /** The selector over the current snapshot, rebuilt when it changed (identity: snapshots are immutable). */
    private VictimSelector current() {
        List<Integer> now = members.victims();
        if (now != basis) {
            rebuild(now);
        }
        return positions;
    }

    private void rebuild(List<Integer> victims) {
        basis = victims;
        int size = victims.size() + (victims.contains(self) ? 0 : 1);
        numbers = new int[size];
        int[] cluster = new int[size];
        Map<String, Integer> clusters = new LinkedHashMap<>();
        int selfPosition = -1;
        int i = 0;
        for (int n : victims) {
            if (n == self) {
                continue;
            }
            numbers[i] = n;
            cluster[i++] = clusters.computeIfAbsent(clusterName(n), c -> clusters.size());
        }
        selfPosition = i;
        numbers[i] = self;
        cluster[i] = clusters.computeIfAbsent(clusterName(self), c -> clusters.size());
        positions = new RandomVictimSelector(new ClusterMap(cluster), selfPosition, random);
    }

    private String clusterName(int number) {
        var id = members.get(number);
        return id == null ? "" : id.cluster().toString();
    }
}
