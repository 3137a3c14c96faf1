package satin.rewriter.samples.inlet;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Inlet forms: each method's result under inlet semantics is what {@code InletScenariosTest} expects; the comment
 * says where the unrewritten (sequential) program differs.
 */
public class Inlets extends satin.SatinObject implements Voters {

    private int fieldHits;
    private int fieldMisses;

    @Override
    public void cast(int value) throws Vote {
        throw new Vote(value);
    }

    @Override
    public int tenfoldEven(int value) throws Vote {
        if (value % 2 != 0) {
            throw new Vote(value);
        }
        return value * 10;
    }

    @Override
    public int tenfold(int value) {
        return value * 10;
    }

    @Override
    public int broken(int value) {
        throw new IllegalStateException("broken " + value);
    }

    @Override
    public void search(int[] data, int from, int to, int target) throws Vote {
        if (to - from == 1) {
            if (data[from] == target) {
                throw new Vote(from);
            }
            return;
        }
        int mid = (from + to) >>> 1;
        search(data, from, mid, target);
        search(data, mid, to, target);
        sync();
    }

    /** Counts votes: yes = odd values. Same as sequential (the catch is inside the loop). */
    String count(int n) {
        int yes = 0;
        int no = 0;
        for (int i = 0; i < n; i++) {
            try {
                cast(i);
            } catch (Vote v) {
                if (v.value % 2 == 1) {
                    yes++;
                } else {
                    no++;
                }
            }
        }
        sync();
        return yes + "/" + no;
    }

    /**
     * Two out of three with abort: the decision, then how many inlets ran (with three equal votes, 2: once two
     * agree, abort() keeps the third child's inlet from running, whichever child finished first).
     */
    String majority(int a, int b, int c) {
        int[] votes = {a, b, c};
        int[] count = new int[2];
        int decided = -1;
        int inlets = 0;
        for (int i = 0; i < 3; i++) {
            try {
                cast(votes[i]);
            } catch (Vote v) {
                inlets++;
                count[v.value]++;
                if (count[v.value] == 2) {
                    decided = v.value;
                    abort();
                }
            }
        }
        sync();
        return decided + "/" + inlets;
    }

    /**
     * The catch block is outside the loop: here every child's vote is counted, while the sequential program leaves
     * the loop at the first exception (it counts 1).
     */
    int outsideLoop(int n) {
        int votes = 0;
        try {
            for (int i = 0; i < n; i++) {
                cast(i);
            }
        } catch (Vote v) {
            votes++;
        }
        sync();
        return votes;
    }

    /** Results of calls that return are delivered; the inlet sees the others. Same as sequential. */
    String mixed(int n) {
        int[] out = new int[n];
        int odd = 0;
        for (int i = 0; i < n; i++) {
            try {
                out[i] = tenfoldEven(i);
            } catch (Vote v) {
                odd += v.value;
            }
        }
        sync();
        return Arrays.toString(out) + " odd " + odd;
    }

    /** A local destination assigned by the inlet keeps the inlet's value. Same as sequential. */
    int localDestination() {
        int x = 5;
        int y = 6;
        try {
            x = tenfoldEven(3);
        } catch (Vote v) {
            x = 70 + v.value;
        }
        try {
            y = tenfoldEven(4);
        } catch (Vote v) {
            y = -1;
        }
        sync();
        return x * 1000 + y;
    }

    /** A 'return' in an inlet ends that inlet only; fields show each inlet ran to its return. */
    String inletReturn(int n) {
        fieldHits = 0;
        fieldMisses = 0;
        countWithReturn(n);
        return fieldHits + "," + fieldMisses;
    }

    private void countWithReturn(int n) {
        for (int i = 0; i < n; i++) {
            try {
                cast(i);
            } catch (Vote v) {
                fieldHits++;
                if (v.value % 2 == 0) {
                    return;
                }
                fieldMisses++;
            }
        }
        sync();
    }

    /** An inlet that spawns more work: the same sync() waits for it and delivers its result. */
    String inletSpawns() {
        int[] out = new int[4];
        for (int i = 0; i < 2; i++) {
            try {
                out[i] = tenfoldEven(2 * i + 1);
            } catch (Vote v) {
                out[(v.value + 3) / 2] = tenfold(2 * v.value); // not out[i + 2]: at the sync, i is 2
            }
        }
        sync();
        return Arrays.toString(out);
    }

    /** Exceptions no inlet catches are rethrown by sync(), as without inlets. */
    String uncaught() {
        try {
            return uncaughtInner();
        } catch (IllegalStateException e) {
            return "caught " + e.getMessage();
        }
    }

    private String uncaughtInner() {
        int votes = 0;
        int r = 0;
        try {
            cast(1);
            r = broken(2);
        } catch (Vote v) {
            votes++;
        }
        sync();
        return "not thrown " + votes + r;
    }

    /** An exception thrown by an inlet leaves the method from its sync(). */
    String inletThrows() {
        try {
            throwingInlet();
            return "not thrown";
        } catch (IllegalArgumentException e) {
            return "caught " + e.getMessage();
        }
    }

    private void throwingInlet() {
        try {
            cast(9);
        } catch (Vote v) {
            throw new IllegalArgumentException("from inlet " + v.value);
        }
        sync();
    }

    /** Search with abort: one match; found at any depth, through nested spawns. */
    int search(int size, int target) {
        int[] data = new int[size];
        for (int i = 0; i < size; i++) {
            data[i] = (i * 7919) % size;
        }
        int found = -1;
        try {
            search(data, 0, size, target);
        } catch (Vote v) {
            found = v.value;
            abort();
        }
        sync();
        return found;
    }

    /**
     * Two syncs, each with an inlet of its own; the first inlet's exception has the slot that the local the second
     * inlet reads gets later (javac reuses it), so a copy of the second inlet at the first sync would not verify.
     * Same as sequential.
     */
    String twoSyncs() {
        int first = 0;
        try {
            cast(3);
        } catch (Vote v) {
            first = v.value;
        }
        sync();
        int step = first * 2;
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            try {
                cast(i);
            } catch (Vote v) {
                sum += v.value * step;
            }
        }
        sync();
        return first + "/" + sum;
    }

    public static Map<String, String> run() {
        Inlets s = new Inlets();
        Map<String, String> out = new LinkedHashMap<>();
        out.put("count", s.count(9));
        out.put("majority", s.majority(1, 1, 1) + "; " + s.majority(0, 0, 0) + "; "
                + s.majority(0, 1, 1).charAt(0) + s.majority(1, 0, 1).charAt(0) + s.majority(0, 1, 0).charAt(0));
        out.put("outsideLoop", Integer.toString(s.outsideLoop(5)));
        out.put("mixed", s.mixed(5));
        out.put("localDestination", Integer.toString(s.localDestination()));
        out.put("inletReturn", s.inletReturn(7));
        out.put("inletSpawns", s.inletSpawns());
        out.put("uncaught", s.uncaught());
        out.put("inletThrows", s.inletThrows());
        out.put("search", Integer.toString(s.search(64, 17)));
        out.put("twoSyncs", s.twoSyncs());
        out.putAll(Styles.run());
        return out;
    }

    public static void main(String[] args) {
        run().forEach((k, v) -> System.out.println(k + "=" + v));
    }
}
