package satin.runtime.lineage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How to run one job again so that its spawns of interest get the identities they had when the job was lost: the
 * spawn indices the lost execution queued up to the last spawn of interest ({@link #forced}), and a
 * {@link ReplayEntry} for each spawn of interest. Built by {@link Builder} from the paths of stored results and of
 * jobs still running elsewhere; used once (a replay {@linkplain #start starts} it), after which new knowledge no
 * longer changes it (the caller counts such late news).
 */
public final class ReplayPlan {

    private final long[] forced;
    private final long last;
    private final Map<Long, ReplayEntry> entries;
    private final AtomicBoolean started = new AtomicBoolean();

    private ReplayPlan(long[] forced, long last, Map<Long, ReplayEntry> entries) {
        this.forced = forced;
        this.last = last;
        this.entries = entries;
    }

    /** The indices the lost execution queued, sorted, up to and including {@link #last()}. */
    long[] forced() {
        return forced;
    }

    /** The last index of interest: past it the job runs normally. */
    long last() {
        return last;
    }

    ReplayEntry entry(long index) {
        return entries.get(index);
    }

    /** Every entry of this plan and of its sub-plans. */
    public List<ReplayEntry> allEntries() {
        List<ReplayEntry> out = new ArrayList<>();
        for (ReplayEntry e : entries.values()) {
            out.add(e);
            if (e.sub() != null) {
                out.addAll(e.sub().allEntries());
            }
        }
        return out;
    }

    /** Marks the plan as used; false if a replay already used it. */
    boolean start() {
        return started.compareAndSet(false, true);
    }

    public boolean started() {
        return started.get();
    }

    /**
     * Builds the plan of one job (identity {@code job}) from the paths of spawns below it. Each path must start with
     * the job's own steps; the following steps lead, one execution at a time, to the spawn of interest.
     */
    public static final class Builder {
        private final int depth;
        private final Node top = new Node();

        private static final class Node {
            long[] forced = new long[0];
            long last = -1;
            final Map<Long, Node> children = new HashMap<>();
            final Map<Long, ReplayEntry> entries = new HashMap<>();
        }

        /** @param job the identity of the job to replay */
        public Builder(PathKey job) {
            this.depth = job.depth();
        }

        /**
         * Adds the spawn at {@code path} (below the job), returning its entry; an entry already added for the same
         * identity is returned instead. Returns null if the lists of the path contradict what is known (a program
         * that is not deterministic): such a spawn is not used.
         */
        public ReplayEntry add(StampPath path) {
            List<StampPath.Step> steps = path.steps();
            if (steps.size() <= depth) {
                throw new IllegalArgumentException("path " + path + " is not below the replayed job");
            }
            Node node = top;
            for (int i = depth; i < steps.size(); i++) {
                StampPath.Step step = steps.get(i);
                if (!learn(node, step)) {
                    return null;
                }
                int length = i + 1;
                // every spawn on the way is an entry: queued, carrying the plan of its own execution
                ReplayEntry e = node.entries.computeIfAbsent(step.index(),
                        k -> new ReplayEntry(path.prefix(length).key(), step.prefixHash(), step.digest()));
                if (e.prefixHash() != step.prefixHash()
                        || (e.digest() != 0 && step.digest() != 0 && e.digest() != step.digest())) {
                    return null;
                }
                if (length == steps.size()) {
                    return e;
                }
                node = node.children.computeIfAbsent(step.index(), k -> new Node());
            }
            throw new AssertionError("unreachable");
        }

        /** Takes in a step's list of queued indices; false if it contradicts what is known. */
        private static boolean learn(Node node, StampPath.Step step) {
            long[] q = step.queued();
            long[] known = node.forced;
            int common = Math.min(q.length, known.length);
            for (int i = 0; i < common; i++) {
                if (q[i] != known[i]) {
                    return false;
                }
            }
            if (q.length > known.length) {
                node.forced = q;
            }
            node.last = Math.max(node.last, step.index());
            return true;
        }

        /** The plan (entries with a sub-plan get it). */
        public ReplayPlan build() {
            return build(top);
        }

        private static ReplayPlan build(Node node) {
            for (Map.Entry<Long, Node> child : node.children.entrySet()) {
                ReplayEntry e = node.entries.get(child.getKey());
                e.sub(build(child.getValue()));
            }
            long[] forced = node.forced;
            // the last spawn of interest is queued too; the lists hold only the spawns before each one
            long[] withLast = Arrays.copyOf(forced, forced.length + 1);
            withLast[forced.length] = node.last;
            Arrays.sort(withLast);
            long[] distinct = Arrays.stream(withLast).distinct().filter(i -> i >= 0).toArray();
            return new ReplayPlan(distinct, node.last, Map.copyOf(node.entries));
        }
    }

    @Override
    public String toString() {
        return "plan(last " + last + ", " + entries.size() + " entries)";
    }
}
