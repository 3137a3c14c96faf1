package ibis.util;

import java.io.Serializable;
import java.util.Locale;

/**
 * Measures time: {@link #start()} and {@link #stop()} bracket one measurement, which is added to the total; times are
 * reported in microseconds ({@code ...TimeVal()}) or formatted with a unit ({@link #format(double)}). Runs on
 * {@link System#nanoTime()}. Starting a started timer, or stopping a stopped one, is an error (the original threw as
 * well). Not thread-safe, except {@link #add}: use one timer per thread and add them up.
 */
public class Timer implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Measurements so far. */
    protected int count;
    /** Their total, in nanoseconds. */
    protected long time;
    /** The last one, in nanoseconds. */
    protected long lastTime;
    /** The longest one, in nanoseconds. */
    protected long maxTime;
    /** When the running measurement started (nanoTime). */
    protected long started;
    protected boolean running;

    /** Use {@link #createTimer()}. */
    protected Timer() {
    }

    /** A timer of the best kind this JVM has (here always the {@code nanoTime} one). */
    public static Timer createTimer() {
        return new Timer();
    }

    /**
     * A timer of the named implementation class (a subclass with a no-argument constructor); falls back to
     * {@link #createTimer()}, saying so on standard error, when it cannot be made, as the original did.
     */
    public static Timer createTimer(String implementation) {
        try {
            return (Timer) Class.forName(implementation).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            System.err.println("ibis.util.Timer: cannot make a timer of class " + implementation + " (" + e
                    + "); using the default timer");
            return createTimer();
        }
    }

    public String implementationName() {
        return "ibis.util.Timer (System.nanoTime)";
    }

    /** An upper bound of this timer's resolution, in seconds. */
    public double accuracy() {
        return 1e-6;
    }

    /** The current time stamp in nanoseconds (only differences mean anything). */
    public long currentTimeNanos() {
        return System.nanoTime();
    }

    /** Starts a measurement. */
    public void start() {
        if (running) {
            throw new IllegalStateException("timer started twice");
        }
        running = true;
        started = System.nanoTime();
    }

    /** Ends the running measurement and adds it to the total. */
    public void stop() {
        if (!running) {
            throw new IllegalStateException("timer stopped but not started");
        }
        lastTime = System.nanoTime() - started;
        running = false;
        time += lastTime;
        maxTime = Math.max(maxTime, lastTime);
        count++;
    }

    /** Forgets every measurement (and the running one). */
    public void reset() {
        time = 0;
        count = 0;
        lastTime = 0;
        maxTime = 0;
        running = false;
    }

    /** Whether a measurement is running. */
    public boolean isStarted() {
        return running;
    }

    /** Adds another timer's measurements to this one's. */
    public synchronized void add(Timer other) {
        time += other.time;
        count += other.count;
        maxTime = Math.max(maxTime, other.maxTime);
    }

    /** Adds {@code nanos} nanoseconds as {@code measurements} measurements. */
    public synchronized void add(long nanos, int measurements) {
        time += nanos;
        count += measurements;
    }

    /** Total time in microseconds, the running measurement included. */
    public double totalTimeVal() {
        long running = this.running ? System.nanoTime() - started : 0;
        return (time + running) / 1000.0;
    }

    /** Average time of a measurement in microseconds (0 before the first). */
    public double averageTimeVal() {
        return count == 0 ? 0.0 : time / 1000.0 / count;
    }

    /** The last measurement in microseconds. */
    public double lastTimeVal() {
        return lastTime / 1000.0;
    }

    /** The longest measurement in microseconds. */
    public double maxTimeVal() {
        return maxTime / 1000.0;
    }

    public String totalTime() {
        return format(totalTimeVal());
    }

    public String averageTime() {
        return format(averageTimeVal());
    }

    public String lastTime() {
        return format(lastTimeVal());
    }

    public String maxTime() {
        return format(maxTimeVal());
    }

    /** The number of measurements. */
    public int nrTimes() {
        return count;
    }

    /**
     * A time given in microseconds, written with three decimals in the largest unit (ns, us, ms, s) that keeps it at
     * least 1, right-aligned in a fixed width so that columns of times line up: {@code " 12.500 ms"}.
     */
    public static String format(double micros) {
        if (!(micros > 0)) {
            return "  0.000  s";
        }
        double value;
        String unit;
        if (micros < 1.0) {
            value = micros * 1000;
            unit = "ns";
        } else if (micros < 1e3) {
            value = micros;
            unit = "us";
        } else if (micros < 1e6) {
            value = micros / 1e3;
            unit = "ms";
        } else {
            value = micros / 1e6;
            unit = " s";
        }
        return String.format(Locale.ROOT, "%7.3f %s", value, unit);
    }

    @Override
    public String toString() {
        return "Timer: total " + totalTime().trim() + ", " + count + " times, average " + averageTime().trim();
    }
}
