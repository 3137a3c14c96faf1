package satin.apps.vote;

/** One replica's answer, returned through an inlet. */
public final class Ballot extends satin.Inlet {

    private static final long serialVersionUID = 1L;

    final int replica;
    final long value;

    Ballot(int replica, long value) {
        this.replica = replica;
        this.value = value;
    }
}
