package satin.apps.abortprobe;

import java.util.Locale;
import satin.SatinObject;

/**
 * Times an {@code abort()} of work another JVM runs: a spinning tree is stolen by the other node (the master's one
 * worker runs the trigger, which waits until a leaf spins elsewhere, as the shared {@link Stops} tells it), the
 * trigger's inlet aborts everything, and the leaf on the other node notes when it stopped. Prints the time from the
 * {@code abort()} call to the last remote leaf stopping, per round.
 *
 * <p>{@code satin run --nodes 2 --workers 1 satin.apps.abortprobe.RemoteSpinner [rounds (5)] [depth (1)]}
 */
public final class RemoteSpinner extends SatinObject implements RemoteSpinnerInter {

    private static final long WAIT_NANOS = 10_000_000_000L;

    @Override
    public void spin(Stops stops, int depth) {
        if (depth == 0) {
            long jvm = ProcessHandle.current().pid();
            stops.started(jvm);
            try {
                for (long i = 0; ; i++) {
                    long s = step(i);
                    sync();
                    if (s < 0) {
                        return;
                    }
                }
            } finally {
                stops.stopped(jvm, System.nanoTime());
            }
        }
        spin(stops, depth - 1);
        spin(stops, depth - 1);
        sync();
    }

    @Override
    public long step(long i) {
        return i & 1;
    }

    @Override
    public void trigger(Stops stops) throws Go {
        if (!stops.awaitStartedElsewhere(System.nanoTime() + WAIT_NANOS)) {
            throw new IllegalStateException("no leaf started spinning on another JVM within 10 s");
        }
        throw new Go();
    }

    /** One round: the nanoseconds from {@code abort()} to the last leaf on another JVM stopping. */
    static long measure(int depth) {
        Stops stops = new Stops(ProcessHandle.current().pid());
        stops.exportObject();
        RemoteSpinner probe = new RemoteSpinner();
        long abortedAt = 0;
        probe.spin(stops, depth);
        try {
            probe.trigger(stops);
        } catch (Go g) {
            abortedAt = System.nanoTime();
            probe.abort();
        }
        probe.sync();
        if (!stops.awaitStoppedElsewhere(System.nanoTime() + WAIT_NANOS)) {
            throw new IllegalStateException("an aborted leaf on another JVM still spins after 10 s");
        }
        return stops.lastStop() - abortedAt;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int depth = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        for (int r = 0; r < rounds; r++) {
            System.out.println(String.format(Locale.ROOT, "remote abort latency_us=%.1f", measure(depth) / 1e3));
        }
    }
}
