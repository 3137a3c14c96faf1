package satin.rewriter.samples.good;

import satin.SatinObject;

/** Simple, deterministic implementations: each transforms its argument so results are recognisable. */
public class OpsImpl extends SatinObject implements Ops {
    public boolean z(boolean v) { return !v; }
    public byte b(byte v) { return (byte) (v + 1); }
    public char c(char v) { return (char) (v + 1); }
    public short s(short v) { return (short) (v * 2); }
    public int i(int v) { return v * 3; }
    public long j(long v) { return v * 1_000_000_007L; }
    public float f(float v) { return v / 2; }
    public double d(double v) { return v * 1.5; }
    public String str(String v) { return v + "!"; }
    public int[] arr(int n) { return new int[n]; }
    /** Spawned adds run in parallel once rewritten, so the read-modify-write must be atomic. */
    public void add(long[] total, int slot, long v) {
        synchronized (total) {
            total[slot] += v;
        }
    }
    public int boom(int v) { throw new IllegalStateException("boom " + v); }
    public long mix(int a, long b, double c, String d) { return a + b + (long) c + d.length(); }
    public long note(long[] log, int slot, long v) { log[slot] = v; return v; }
}
