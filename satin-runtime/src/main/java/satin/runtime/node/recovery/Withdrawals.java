package satin.runtime.node.recovery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The orphans this node withdrew, each with the count of withdrawals at the moment it was withdrawn: enough to tell,
 * for a list of orphans taken at some count, which of them were withdrawn after it ({@link CrashRecovery} then
 * withdraws those again, after their announcement). Threads: any; under this object's monitor, held for map operations
 * only.
 */
final class Withdrawals {

    private final Map<Long, Long> withdrawnAt = new HashMap<>();
    private long count;

    /** How many orphans were withdrawn so far. */
    synchronized long count() {
        return count;
    }

    /** Orphan {@code key} is withdrawn now. */
    synchronized void note(long key) {
        withdrawnAt.put(key, ++count);
    }

    /** The orphans of {@code keys} withdrawn after the count was {@code before}. */
    synchronized List<Long> since(List<Long> keys, long before) {
        List<Long> after = new ArrayList<>();
        for (long key : keys) {
            Long at = withdrawnAt.get(key);
            if (at != null && at > before) {
                after.add(key);
            }
        }
        return after;
    }
}
