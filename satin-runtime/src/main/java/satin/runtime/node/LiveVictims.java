package satin.runtime.node;

import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import satin.balance.VictimSelector;

/**
 * A {@link VictimSelector} that skips nodes known to be gone: it draws again (a few times, then gives up with
 * {@code -1}, "no such node"), so an idle node does not send steal requests into the void after a crash. The
 * draws stay uniform over the live nodes.
 */
final class LiveVictims implements VictimSelector {

    /** Draws before giving up; with half the nodes dead, all of them miss with probability 2^-16. */
    private static final int DRAWS = 16;

    private final VictimSelector all;
    private final IntPredicate dead;

    LiveVictims(VictimSelector all, IntPredicate dead) {
        this.all = all;
        this.dead = dead;
    }

    @Override
    public int anyOther() {
        return live(all::anyOther);
    }

    @Override
    public int inOwnCluster() {
        return live(all::inOwnCluster);
    }

    @Override
    public int inRemoteCluster() {
        return live(all::inRemoteCluster);
    }

    private int live(IntSupplier draw) {
        for (int i = 0; i < DRAWS; i++) {
            int node = draw.getAsInt();
            if (node < 0 || !dead.test(node)) {
                return node;
            }
        }
        return -1;
    }
}
