package satin.rewriter.samples.sharedmisuse;

public class NotShared implements Writes { // MISUSE not shared
    private int value;

    @Override
    public void set(int v) {
        value = v;
    }
}
