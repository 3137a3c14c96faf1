package satin.rewriter.samples.inlet;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Inlet forms as programs for the original Satin wrote them (an MTD(f)/alpha-beta driver, a search whose catch block
 * returns after abort(), a search that throws past its parents, a guarded spawn and sync, a return with inlet spawns
 * outstanding). Each comment says what the original computed and where the unrewritten program differs.
 */
public class Styles extends satin.SatinObject implements Probes {

    private static final int BRANCH = 4;
    private static final int THRESHOLD = 3;

    private int inletRuns;
    /** Whether a search found its answer (one JVM: every job sees these). */
    static final AtomicBoolean ANSWERED = new AtomicBoolean();
    /** Leaves the searches looked at after their answer was found: work that should have been cancelled. */
    static final AtomicInteger LEAVES_AFTER = new AtomicInteger();

    private static void leaf() {
        if (ANSWERED.get()) {
            LEAVES_AFTER.incrementAndGet();
        }
    }

    private static int leafValue(int node) {
        return Math.floorMod(node * 2654435761L ^ (node >>> 3), 1000) == 7 ? 999 : Math.floorMod(node * 7919, 500);
    }

    @Override
    public Integer probe(int node, int depth, int bound) throws Done {
        if (depth == 0) {
            leaf();
            int v = leafValue(node);
            if (v >= bound) {
                ANSWERED.set(true);
                throw new Done(bound);
            }
            return v;
        }
        Integer[] values = new Integer[BRANCH];
        for (int i = 0; i < BRANCH; i++) {
            values[i] = probe(node * BRANCH + i + 1, depth - 1, bound); // a cut-off below passes through
        }
        sync();
        int best = Integer.MIN_VALUE;
        for (Integer v : values) {
            best = Math.max(best, v);
        }
        return best;
    }

    /**
     * MTD(f)-style driver: the first cut-off ends the search ({@code abort(); return null;} in the inlet). In the
     * original the inlet's return ends the inlet and the method returns from its normal path after sync(): the bound
     * (every cut-off carries it). The unrewritten program returns the catch block's null.
     */
    Integer cutOff(int depth, int bound) {
        Integer[] values = new Integer[BRANCH];
        Integer found = null;
        for (int i = 0; i < BRANCH; i++) {
            try {
                values[i] = probe(i + 1, depth - 1, bound);
            } catch (Done d) {
                found = d.value;
                abort();
                return null; // WARNING value return
            }
        }
        sync();
        if (found != null) {
            return found;
        }
        int best = Integer.MIN_VALUE;
        for (Integer v : values) {
            best = Math.max(best, v);
        }
        return best;
    }

    @Override
    public void find(int[] data, int from, int to, int target) throws Vote {
        if (to - from == 1) {
            leaf();
            if (data[from] == target) {
                ANSWERED.set(true);
                throw new Vote(from);
            }
            return;
        }
        int mid = (from + to) >>> 1;
        find(data, from, mid, target);
        find(data, mid, to, target);
        sync();
    }

    /**
     * A search whose catch block returns the position after abort(): the original and the unrewritten program
     * return the position of a match (any: several match, and which one arrives first depends on the schedule).
     */
    int firstMatch(int[] data, int target) {
        int found = -1;
        try {
            find(data, 0, data.length, target);
        } catch (Vote v) {
            found = v.value;
            abort();
            return found; // WARNING value return
        }
        sync();
        return found;
    }

    /** A search that signals by throwing past its parents to a handler around the sync(): a match's position. */
    int throwPast(int[] data, int target) {
        try {
            find(data, 0, data.length, target);
            sync();
            return -1;
        } catch (Vote v) {
            return v.value;
        }
    }

    @Override
    public void row(int row, int limit, int stop) throws Vote {
        if (row == stop) {
            throw new Vote(row);
        }
        if (row < limit) {
            row(row + 1, limit, stop);
            sync();
        }
    }

    /**
     * The spawn and the sync() share the unchanged condition {@code row < THRESHOLD}, and the inlet ends with
     * {@code return;}: the method throws what the inlet kept. The unrewritten program returns from the catch block
     * instead (nothing thrown).
     */
    void guarded(int row, int stop) throws Vote {
        Vote result = null;
        if (row < THRESHOLD) {
            try {
                row(row + 1, 8, stop);
            } catch (Vote v) {
                abort();
                result = v;
                return;
            }
        } else {
            row(row + 1, 8, stop);
        }
        if (row < THRESHOLD) {
            sync();
        }
        if (result != null) {
            throw result;
        }
    }

    String guardedOutcome(int row, int stop) {
        try {
            guarded(row, stop);
            return "returned";
        } catch (Vote v) {
            return "threw " + v.value;
        }
    }

    /**
     * Returns with inlet spawns outstanding and no sync(): the implicit sync before the return runs every inlet
     * (the sum of 0..n-1), as the unrewritten program's catch blocks do.
     */
    private void countWithoutSync(int n) {
        for (int i = 0; i < n; i++) {
            try {
                signal(i);
            } catch (Vote v) {
                inletRuns += v.value;
            }
        }
    }

    /**
     * The same with a value: it is computed before the implicit sync, so it does not see the inlet's change (the
     * unrewritten program's catch block ran first: 5); the inlet ran all the same.
     */
    private int valueWithoutSync() {
        try {
            signal(4);
        } catch (Vote v) {
            inletRuns = v.value;
        }
        return inletRuns + 1;
    }

    @Override
    public void signal(int value) throws Vote {
        throw new Vote(value);
    }

    /** Calls of {@link #tick()} that ran. */
    static final AtomicInteger TICKS = new AtomicInteger();

    @Override
    public void tick() {
        TICKS.incrementAndGet();
    }

    /**
     * {@code spawn; spawn; spawn; abort(); sync()} with {@code abort()} outside any inlet, while two spawns of the
     * caller are queued below: the original queued the three and {@code abort()} cancelled them before any ran (one
     * worker: nobody else takes them). Returns how many of the three ran: 0 in the original, 3 unrewritten.
     */
    int abortBeforeSync() {
        tick();
        tick(); // queued: this worker's queue now holds what makes later spawns plain calls by the inline rule
        int before = TICKS.get();
        spawnThreeThenAbort();
        int ran = TICKS.get() - before;
        sync();
        return ran;
    }

    private void spawnThreeThenAbort() {
        tick();
        tick();
        tick();
        abort();
        sync();
    }

    private static int[] data(int size) {
        int[] data = new int[size];
        for (int i = 0; i < size; i++) {
            data[i] = i % 37;
        }
        return data;
    }

    /**
     * How many leaves each search looked at after its answer was found, one line per search: none on one worker when
     * the answer cancels what is left at once, thousands when the rest of the tree runs on.
     */
    public static void main(String[] args) {
        Styles s = new Styles();
        int[] data = data(1 << 12);
        startSearch();
        s.firstMatch(data, 29);
        System.out.println("firstMatchLeavesAfter=" + LEAVES_AFTER.get());
        startSearch();
        s.throwPast(data, 31);
        System.out.println("throwPastLeavesAfter=" + LEAVES_AFTER.get());
        startSearch();
        s.cutOff(6, 990);
        System.out.println("cutOffLeavesAfter=" + LEAVES_AFTER.get());
        System.out.println("abortedChildrenThatRan=" + s.abortBeforeSync());
    }

    private static void startSearch() {
        ANSWERED.set(false);
        LEAVES_AFTER.set(0);
    }

    public static Map<String, String> run() {
        Styles s = new Styles();
        Map<String, String> out = new LinkedHashMap<>();
        out.put("mtdf", s.cutOff(6, 990) + " " + s.cutOff(3, 100000));
        int[] data = data(1 << 12);
        int first = s.firstMatch(data, 29);
        out.put("firstMatch", first >= 0 && data[first] == 29 ? "a match" : "no match " + first);
        int past = s.throwPast(data, 31);
        out.put("throwPast", past >= 0 && data[past] == 31 ? "a match" : "no match " + past);
        out.put("guarded", s.guardedOutcome(0, 5) + ", " + s.guardedOutcome(4, 6) + ", " + s.guardedOutcome(0, 99));
        s.inletRuns = 0;
        s.countWithoutSync(5);
        int counted = s.inletRuns;
        s.inletRuns = 0;
        int value = s.valueWithoutSync();
        out.put("withoutSync", counted + " " + value + "/" + s.inletRuns);
        return out;
    }
}
