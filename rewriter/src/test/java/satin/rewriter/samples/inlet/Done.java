package satin.rewriter.samples.inlet;

/** A cut-off found by a search: its value. */
public final class Done extends Exception {
    private static final long serialVersionUID = 1L;
    public final int value;

    public Done(int value) {
        super("cut-off " + value);
        this.value = value;
    }
}
