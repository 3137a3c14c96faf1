package satin.apps.abortprobe;

import java.util.Map;
import satin.SatinObject;

/**
 * Deliberate races of {@code abort()} with the rest of the runtime, for tests on 2 JVMs (or 2 workers of one JVM),
 * {@code --workers 1} per node. Every round waits for events (a count in the shared {@link Tally}), never for time;
 * the abort's moment is swept across the race window by a busy loop of 0, 1, 3, 7, ... 2^22 - 1 iterations, so over
 * the rounds it lands before, during and after the message it races with. Each round checks what must hold whatever
 * the interleaving; a violation throws (exit status 1):
 * <ul>
 * <li><b>A, a steal in flight:</b> spawn a job that spins until aborted (the other node steals it, since this
 *     node's one worker is busy here), abort after the delay: the abort finds it queued, taken by a steal request
 *     whose reply is on the wire, or running there; {@code sync()} returns, and the job stops wherever it is.</li>
 * <li><b>B, a result on the wire:</b> spawn a job that counts itself and returns at once; once its count arrives,
 *     abort after the delay: its result is on the wire or has arrived, and must not be delivered (the destination
 *     keeps its value).</li>
 * <li><b>C, abort inside an inlet:</b> spawn two jobs that throw; the first inlet to run aborts: the other's inlet
 *     must not run, whether that job was still queued, stolen, or its exception already on the wire.</li>
 * <li><b>D, nested aborts:</b> a stolen job's own inlet aborts its spinning child, then it spins in a second child;
 *     this node aborts the stolen job once the second child spins: the abort travels down to the grandchild.</li>
 * </ul>
 * At the end every job that started spinning must have stopped.
 *
 * <p>{@code satin run --nodes 2 --clusters 2 --workers 1 satin.apps.abortprobe.Races [rounds (23)]}
 */
public final class Races extends SatinObject implements RacesInter {

    private static final long WAIT_NANOS = 60_000_000_000L;

    /** The busy loop's result, so the JIT cannot drop the loop. */
    private static volatile long sink;

    @Override
    public void spin(Tally tally, String key) {
        tally.add(key + " started");
        try {
            for (long i = 0; ; i++) {
                long s = step(i);
                sync();
                if (s < 0) {
                    return;
                }
            }
        } finally {
            tally.add(key + " stopped");
        }
    }

    @Override
    public long step(long i) {
        return i & 1;
    }

    @Override
    public long answer(Tally tally, String key, long value) {
        tally.add(key + " ran on " + Thread.currentThread().getName());
        tally.add(key);
        return value;
    }

    @Override
    public void ballot(int from) throws Ballot {
        throw new Ballot(from);
    }

    @Override
    public void nested(Tally tally, String key) {
        spin(tally, key + " inner");
        try {
            ballot(0);
        } catch (Ballot b) {
            abort(); // an abort inside an inlet, on the node that stole this job: cancels the inner spin
        }
        sync();
        tally.add(key + " inlet aborted");
        spin(tally, key + " outer"); // stopped only by the abort of this whole job from its owner
        sync();
    }

    static void stealInFlight(Tally tally, int round, long delay) {
        Races probe = new Races();
        probe.spin(tally, "A" + round);
        busy(delay);
        probe.abort();
        probe.sync();
    }

    static void resultOnTheWire(Tally tally, int round, long delay) {
        Races probe = new Races();
        long got = -1;
        got = probe.answer(tally, "B" + round, round);
        awaitOrFail(tally, "B" + round, 1);
        busy(delay);
        probe.abort();
        probe.sync();
        if (got != -1) {
            throw new IllegalStateException("B" + round + ": the result of an aborted job was delivered: " + got
                    + " (aborted on " + Thread.currentThread().getName() + "; " + tally.counts() + ")");
        }
    }

    static void abortInsideAnInlet(int round) {
        Races probe = new Races();
        int inlets = 0;
        for (int i = 0; i < 2; i++) {
            try {
                probe.ballot(i);
            } catch (Ballot b) {
                inlets++;
                probe.abort();
            }
        }
        probe.sync();
        if (inlets != 1) {
            throw new IllegalStateException("C" + round + ": " + inlets + " inlets ran after the first one aborted");
        }
    }

    static void nestedAbort(Tally tally, int round, long delay) {
        Races probe = new Races();
        String key = "D" + round;
        probe.nested(tally, key);
        awaitOrFail(tally, key + " outer started", 1);
        busy(delay);
        probe.abort();
        probe.sync();
        if (tally.count(key + " inlet aborted") != 1) {
            throw new IllegalStateException(key + ": the stolen job's own sync did not return after its inlet's abort");
        }
    }

    /** Runs {@code rounds} rounds of each race; returns a summary, or throws on the first violation. */
    public static String run(int rounds) {
        Tally tally = new Tally();
        tally.exportObject();
        for (int round = 0; round < rounds; round++) {
            long delay = (1L << (round % 23)) - 1;
            stealInFlight(tally, round, delay);
            resultOnTheWire(tally, round, delay);
            abortInsideAnInlet(round);
            nestedAbort(tally, round, delay);
        }
        int spinning = 0;
        int aStarted = 0;
        for (Map.Entry<String, Integer> e : tally.counts().entrySet()) {
            String key = e.getKey();
            if (key.endsWith(" started")) {
                String job = key.substring(0, key.length() - " started".length());
                awaitOrFail(tally, job + " stopped", e.getValue());
                spinning += e.getValue();
                aStarted += job.startsWith("A") ? 1 : 0;
            }
        }
        return rounds + " rounds of each race passed; " + spinning + " spinning jobs started and stopped; A's job"
                + " was running when aborted in " + aStarted + " rounds, still queued or in flight in "
                + (rounds - aStarted);
    }

    private static void awaitOrFail(Tally tally, String event, int atLeast) {
        if (!tally.await(event, atLeast, System.nanoTime() + WAIT_NANOS)) {
            throw new IllegalStateException("'" + event + "' did not reach " + atLeast + " within 60 s: "
                    + tally.counts());
        }
    }

    private static void busy(long iterations) {
        long x = 0;
        for (long i = 0; i < iterations; i++) {
            x += i ^ (x >>> 3);
        }
        sink = x;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 23;
        System.out.println(run(rounds));
    }
}
