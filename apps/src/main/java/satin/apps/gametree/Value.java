package satin.apps.gametree;

/**
 * The value of a searched position, returned through an inlet: every spawned search answers by throwing one, and
 * the inlet around the spawn in its parent reads it. A {@code satin.Inlet} has no stack trace, so it is cheap to
 * throw.
 */
public final class Value extends satin.Inlet {

    private static final long serialVersionUID = 1L;

    final int score;

    Value(int score) {
        this.score = score;
    }
}
