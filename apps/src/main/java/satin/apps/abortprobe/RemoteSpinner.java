package satin.apps.abortprobe;

import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
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
    /** How long the trigger lets a leaf's "started" write come back (about a round trip) before the abort. */
    private static final long SETTLE_NANOS = 20_000_000L;

    @Override
    public void spin(Stops stops, int depth) {
        if (depth == 0) {
            long jvm = ProcessHandle.current().pid();
            stops.started(jvm); // returns once this node's replica applied it (a round trip to the master)
            long spinning = System.nanoTime();
            try {
                for (long i = 0; ; i++) {
                    long s = step(i);
                    sync();
                    if (s < 0) {
                        return;
                    }
                }
            } finally {
                stops.stopped(jvm, spinning, System.nanoTime());
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
        // The master applies the leaf's "started" before the leaf's own node does, and the leaf spins only once its
        // write came back: give the write time to return, so that the abort meets a spinning leaf (measure checks).
        long settled = System.nanoTime() + SETTLE_NANOS;
        for (long left; (left = settled - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
        throw new Go();
    }

    /**
     * One round: the nanoseconds from {@code abort()} to the last leaf on another JVM stopping, or -1 when a leaf
     * was not spinning yet when aborted (its "started" write had not come back: the round measured that write).
     */
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
        return stops.lastSpinStart() < abortedAt ? stops.lastStop() - abortedAt : -1;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int depth = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int notSpinning = 0;
        for (int r = 0; r < rounds; ) {
            long nanos = measure(depth);
            if (nanos >= 0) {
                System.out.println(String.format(Locale.ROOT, "remote abort latency_us=%.1f", nanos / 1e3));
                r++;
            } else if (++notSpinning > rounds) {
                throw new IllegalStateException(notSpinning + " rounds aborted a leaf that was not spinning yet");
            }
        }
        System.out.println("rounds repeated because a leaf was not spinning yet: " + notSpinning);
    }
}
