package satin.rewriter.samples.inlet;

/** A vote returned through an inlet. */
public final class Vote extends satin.Inlet {
    private static final long serialVersionUID = 1L;
    public final int value;

    public Vote(int value) {
        this.value = value;
    }
}
