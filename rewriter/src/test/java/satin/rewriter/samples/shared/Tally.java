package satin.rewriter.samples.shared;

/** A shared object: a sum, a checksum of every note and a name. */
public class Tally extends satin.SharedObject implements TallyWrites {

    private static final long serialVersionUID = 1L;

    private volatile int sum;
    private volatile long notes;
    private volatile String name = "none";

    @Override
    public int add(int value) {
        sum += value;
        return sum;
    }

    @Override
    public void note(long big, double fraction, String label, int[] values) {
        long h = big ^ Double.doubleToLongBits(fraction) ^ label.hashCode();
        for (int v : values) {
            h = h * 31 + v;
        }
        notes += h;
    }

    @Override
    public String rename(String newName) {
        String old = name;
        name = newName;
        return old;
    }

    /** A read method that writes through a write method of its own object. */
    public int addTwice(int value) {
        add(value);
        return add(value);
    }

    public int sum() {
        return sum;
    }

    public long notes() {
        return notes;
    }

    public String name() {
        return name;
    }
}
