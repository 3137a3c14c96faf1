package satin.rewriter.samples.good;

import satin.Spawnable;

/** One spawnable method per result type, plus void and throwing ones. */
public interface Ops extends Spawnable {
    boolean z(boolean v);

    byte b(byte v);

    char c(char v);

    short s(short v);

    int i(int v);

    long j(long v);

    float f(float v);

    double d(double v);

    String str(String v);

    int[] arr(int n);

    void add(long[] total, int slot, long v);

    int boom(int v);

    long mix(int a, long b, double c, String d);

    /** Writes {@code v} into {@code log[slot]} and returns it: called for its effect, its result discarded. */
    long note(long[] log, int slot, long v);
}
