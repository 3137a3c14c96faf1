package satin.virtual;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the virtual jobs of one node did: jobs run, work done (own time in unscaled nanoseconds at speed 1, what the
 * paper's work-per-site figure counts), time waited as asked and how far the waits overshot their deadlines (sum,
 * maximum, and how many overshot by more than 2% of their own wait) and how much waits ended early (owed). A node JVM has one, {@link #JVM}: with the system
 * property {@value #LEDGER_PROPERTY} naming a file, it is written there as one JSON object when the JVM exits (a
 * shutdown hook, registered by the first job). A JVM that hosts several nodes gives each its own
 * ({@link VirtualNode#ledger()}) and writes them itself ({@link #write(Path, double)}).
 */
public final class WaitLedger {
    /** System property: the file to write this JVM's ledger to when it exits. */
    public static final String LEDGER_PROPERTY = "satin.virtual.ledger";

    static final WaitLedger JVM = new WaitLedger();

    private final LongAdder jobs = new LongAdder();
    private final LongAdder workNanos = new LongAdder();
    private final LongAdder waitedNanos = new LongAdder();
    private final LongAdder overshootNanos = new LongAdder();
    private final LongAdder overshootsOver2Percent = new LongAdder();
    private final LongAdder earlyNanos = new LongAdder();
    private final AtomicLong maxOvershootNanos = new AtomicLong();
    private final AtomicBoolean hooked = new AtomicBoolean();

    /** A ledger of its own (one per {@link VirtualNode}; tests); {@link #JVM} is the node JVM's. */
    public WaitLedger() {
    }

    /** One job ran {@code work} of own time, asked to wait {@code wait} ns, and its wait ended {@code overshoot} late. */
    void record(long work, long wait, long overshoot) {
        record(work, wait, overshoot, 0);
    }

    /**
     * As {@link #record(long, long, long)}, for a wait that ended {@code early} ns before its deadline (owed, and paid
     * by the worker's next wait).
     */
    void record(long work, long wait, long overshoot, long early) {
        earlyNanos.add(early);
        if (!hooked.get() && hooked.compareAndSet(false, true)) {
            String file = System.getProperty(LEDGER_PROPERTY);
            if (file != null && !file.isBlank()) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> write(Path.of(file)), "satin-virtual-ledger"));
            }
        }
        jobs.increment();
        workNanos.add(work);
        waitedNanos.add(wait);
        overshootNanos.add(overshoot);
        if (wait > 0 && overshoot * 50 > wait) {
            overshootsOver2Percent.increment();
        }
        maxOvershootNanos.accumulateAndGet(overshoot, Math::max);
    }

    public long jobs() {
        return jobs.sum();
    }

    public long workNanos() {
        return workNanos.sum();
    }

    public long waitedNanos() {
        return waitedNanos.sum();
    }

    public long overshootNanos() {
        return overshootNanos.sum();
    }

    /** How much the waits ended before their deadlines, summed (owed time, paid by later waits). */
    public long earlyNanos() {
        return earlyNanos.sum();
    }

    /** The ledger as one JSON object, with this JVM's speed. */
    public String toJson() {
        return toJson(VirtualWork.nodeSpeed());
    }

    /** The ledger as one JSON object, with the speed of the node it belongs to. */
    public String toJson(double speed) {
        return String.format(Locale.ROOT, "{\"jobs\":%d,\"workNanos\":%d,\"waitedNanos\":%d,\"overshootNanos\":%d,"
                        + "\"maxOvershootNanos\":%d,\"overshootsOver2Percent\":%d,\"earlyNanos\":%d,\"speed\":%s}%n", jobs.sum(),
                workNanos.sum(), waitedNanos.sum(), overshootNanos.sum(), maxOvershootNanos.get(),
                overshootsOver2Percent.sum(), earlyNanos.sum(), Double.toString(speed));
    }

    private void write(Path file) {
        write(file, VirtualWork.nodeSpeed());
    }

    /** Writes {@link #toJson(double)} to {@code file}. */
    public void write(Path file, double speed) {
        try {
            Files.writeString(file, toJson(speed), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the virtual-work ledger " + file, e);
        }
    }
}
