package satin.samples.corpus.phases;

/** Thrown by a job to hand a value to its spawner: an inlet, a {@code Throwable} but not an {@code Exception}. */
final class Stop extends satin.Inlet {
    private static final long serialVersionUID = 1L;

    final int value;

    Stop(int value) {
        this.value = value;
    }
}
