package satin.rewriter.samples.shared;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Shared-object calls rewritten: write methods called on a class receiver, through the interface, from spawned jobs
 * (concurrently on several workers), and from a read method; a guard the rewriter accepts. {@code SharedTest}
 * expects the same answers unrewritten and rewritten, off workers and on them.
 */
public class SharedScenario extends satin.SatinObject implements TallyJobs {

    @Override
    public int count(Tally tally, int from, int to) {
        if (to - from == 1) {
            tally.add(from);
            tally.note(from * 1_000_000_007L, from / 4.0, "leaf", new int[] {from, from + 1});
            return 1;
        }
        int mid = (from + to) >>> 1;
        int left = count(tally, from, mid);
        int right = count(tally, mid, to);
        sync();
        return left + right;
    }

    /** The guard of count: any replica will do here. */
    public boolean guard_count(Tally tally, int from, int to) {
        return tally != null && from < to;
    }

    public static Map<String, String> run() {
        Map<String, String> out = new LinkedHashMap<>();
        Tally tally = new Tally();
        out.put("first", Integer.toString(tally.add(5)));
        TallyWrites writes = tally;
        out.put("viaInterface", Integer.toString(writes.add(10)));
        out.put("twice", Integer.toString(tally.addTwice(1)));
        out.put("renamed", tally.rename("a") + "," + writes.rename("b") + "," + tally.name());
        tally.exportObject(); // replicated from here on, on a pool of nodes; nothing else here
        SharedScenario s = new SharedScenario();
        int leaves = s.count(tally, 0, 200);
        s.sync();
        out.put("leaves", Integer.toString(leaves));
        out.put("sum", Integer.toString(tally.sum()));
        out.put("notes", Long.toString(tally.notes()));
        return out;
    }

    public static void main(String[] args) {
        run().forEach((k, v) -> System.out.println(k + "=" + v));
    }
}
