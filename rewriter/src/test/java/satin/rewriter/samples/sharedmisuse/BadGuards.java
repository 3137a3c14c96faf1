package satin.rewriter.samples.sharedmisuse;

public class BadGuards extends satin.SatinObject implements Jobs {
    @Override
    public int work(int depth, long seed) {
        return depth;
    }

    public boolean guard_work(int depth) { // MISUSE guard parameters
        return depth > 0;
    }

    public int guard_work(int depth, long seed) { // MISUSE guard result
        return depth;
    }

    public boolean guard_other(int x) { // not a guard: no spawnable method 'other'
        return x > 0;
    }
}
