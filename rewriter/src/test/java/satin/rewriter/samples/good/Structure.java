package satin.rewriter.samples.good;

import satin.SatinObject;

/**
 * Spawns in constructors, as scene setups of ray tracers do: into elements of an array field in a loop, into
 * locals, then a final field assigned after sync(); a subclass whose super(...) call constructs its argument
 * first and whose own constructor spawns again; a constructor that returns with spawns pending (the implicit
 * sync at the return delivers them).
 */
public class Structure extends SatinObject implements Builder {

    final int[][] parts;
    final long weight;
    long[] weights;

    public Structure(int count, int size) {
        parts = new int[count][];
        for (int i = 0; i < count; i++) {
            parts[i] = part(i, size);
        }
        sync();
        long a = weigh(parts[0]);
        long b = weigh(parts[count - 1]);
        sync();
        weight = a + b;
    }

    /** Returns with its spawns pending: they complete at the implicit sync before the constructor returns. */
    public Structure(int count) {
        parts = new int[count][];
        weight = count;
        weights = new long[count];
        for (int i = 0; i < count; i++) {
            parts[i] = new int[] {i, i + 1};
            weights[i] = weigh(parts[i]);
        }
    }

    @Override
    public int[] part(int index, int size) {
        int[] p = new int[size];
        for (int k = 0; k < size; k++) {
            p[k] = index * size + k;
        }
        return p;
    }

    @Override
    public long weigh(int[] part) {
        long w = 0;
        for (int v : part) {
            w += v;
        }
        return w;
    }

    /** A subclass: super(...) with a constructed argument, then spawns of its own into a field. */
    public static final class Tower extends Structure {
        long top;

        public Tower(int floors) {
            super(new int[] {floors, 3}[0], new int[] {floors, 3}[1]);
            top = weigh(parts[floors - 1]);
            sync();
        }
    }

    static String run() {
        Structure s = new Structure(6, 4);
        Structure pending = new Structure(5);
        Tower t = new Tower(3);
        long total = 0;
        for (long w : pending.weights) {
            total += w;
        }
        return s.weight + "," + s.parts[5][3] + "," + total + "," + t.weight + "," + t.top;
    }
}
