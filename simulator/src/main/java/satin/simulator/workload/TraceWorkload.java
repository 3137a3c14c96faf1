package satin.simulator.workload;

import satin.trace.SpawnTrace;

/**
 * Replays a {@link SpawnTrace} recorded from a real run: the same tree, own times, parameter and result sizes.
 * Children are found through an index built once (first child and count per job, in spawn order), so the
 * trace itself stays in its compact arrays; a job's {@code seed} field holds its trace id.
 */
public final class TraceWorkload implements Workload {
    private final String name;
    private final SpawnTrace trace;
    private final int[] firstChild;
    private final int[] childList;
    private final long spawnOverheadNanos;

    /**
     * @param spawnOverheadNanos extra cost per spawn; 0 when the recorded own times already include Satin's costs
     */
    public TraceWorkload(String name, SpawnTrace trace, long spawnOverheadNanos) {
        this.name = name;
        this.trace = trace;
        this.spawnOverheadNanos = spawnOverheadNanos;
        int n = trace.jobCount();
        int[] counts = new int[n + 1];
        for (int i = 1; i < n; i++) {
            counts[trace.parent(i) + 1]++;
        }
        firstChild = new int[n + 1];
        for (int i = 0; i < n; i++) {
            firstChild[i + 1] = firstChild[i] + counts[i + 1];
        }
        childList = new int[Math.max(0, n - 1)];
        int[] fill = firstChild.clone();
        for (int i = 1; i < n; i++) { // increasing id = spawn order
            childList[fill[trace.parent(i)]++] = i;
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SimJob root() {
        SimJob root = new SimJob();
        describe(root, 0);
        return root;
    }

    private void describe(SimJob job, int id) {
        job.seed = id;
        job.ownNanos = trace.ownNanos(id);
        job.paramBytes = trace.paramBytes(id);
        job.resultBytes = trace.resultBytes(id);
        job.childCount = firstChild[id + 1] - firstChild[id];
    }

    @Override
    public void spawnChildren(SimJob parent, Spawner spawner) {
        int id = (int) parent.seed;
        for (int k = firstChild[id]; k < firstChild[id + 1]; k++) {
            SimJob child = new SimJob();
            child.parent = parent;
            child.depth = parent.depth + 1;
            describe(child, childList[k]);
            spawner.spawn(child);
        }
    }

    @Override
    public long sequentialNanos() {
        return trace.totalNanos();
    }

    @Override
    public long spawnOverheadNanos() {
        return spawnOverheadNanos;
    }
}
