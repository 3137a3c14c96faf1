package satin.apps.abortprobe;

/** A child's answer through an inlet, in {@link Races}. */
public final class Ballot extends satin.Inlet {

    private static final long serialVersionUID = 1L;

    final int from;

    Ballot(int from) {
        this.from = from;
    }
}
