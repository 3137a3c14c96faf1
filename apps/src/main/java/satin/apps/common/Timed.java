package satin.apps.common;

import java.util.concurrent.Callable;

/** A value together with the wall-clock time it took to compute. */
public record Timed<T>(T value, long nanos) {

    /** Runs {@code work} and measures its wall-clock time. */
    public static <T> Timed<T> run(Callable<T> work) throws Exception {
        long start = System.nanoTime();
        T value = work.call();
        return new Timed<>(value, System.nanoTime() - start);
    }

    public double seconds() {
        return nanos / 1e9;
    }
}
