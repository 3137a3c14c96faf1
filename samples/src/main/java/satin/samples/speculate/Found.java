package satin.samples.speculate;

/** The answer, returned through an inlet. */
public final class Found extends satin.Inlet {

    private static final long serialVersionUID = 1L;

    final long value;

    Found(long value) {
        this.value = value;
    }
}
