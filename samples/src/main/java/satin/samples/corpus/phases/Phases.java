package satin.samples.corpus.phases;

import satin.SatinObject;

/**
 * {@code Phases}: a program with a parallel phase, a paused one and a parallel one again. Each sweep spawns a binary
 * tree of leaves; a leaf does some arithmetic, reports whether it ran where it was spawned ({@code localJob()}) and
 * whether the shared object it holds has the master's name ({@code getObjectId()}) and sharing state
 * ({@code isUnshared()}). The first phase sweeps until a leaf ran on another node (at most {@link #ROUNDS} sweeps;
 * on one JVM never); the second sweeps as often between {@code pause()} and {@code resume()}, where no job may leave
 * its node; the third once more. Then a job throws an inlet ({@link Stop}) under a {@code catch (Exception e)},
 * which does not catch it, as in the original where {@code Inlet} extends {@code Throwable}: its caller catches it
 * by its own type. Standard output holds only what is the same however the work was spread; what depends on it
 * (where leaves ran, the object's name) goes to standard error.
 */
public final class Phases extends SatinObject implements PhaseInter {
    private static final long serialVersionUID = 1L;
    public static final int ROUNDS = 400;
    private static final int DEPTH = 7;

    boolean caughtAsException;

    @Override
    public Tally sweep(int depth, int seed, Best best, String name, boolean local) {
        if (depth == 0) {
            long h = seed;
            for (int i = 0; i < 20_000; i++) {
                h = h * 6364136223846793005L + 1442695040888963407L;
            }
            boolean same = java.util.Objects.equals(best.getObjectId(), name) && best.isUnshared() == local;
            if (h > best.value) {
                best.offer(h); // a write method: applied on every replica, in one order
            }
            return new Tally(h, localJob() ? 0 : 1, same ? 0 : 1);
        }
        Tally a = sweep(depth - 1, 2 * seed, best, name, local);
        Tally b = sweep(depth - 1, 2 * seed + 1, best, name, local);
        sync();
        return a.plus(b);
    }

    @Override
    public int stop(int value) throws Stop {
        throw new Stop(value);
    }

    /** A spawn of {@link #stop} under a handler for {@code Exception}: an inlet that an inlet class passes by. */
    int probe() throws Stop {
        int r = -1;
        try {
            r = stop(42);
        } catch (Exception e) {
            caughtAsException = true;
        }
        sync();
        return r;
    }

    public static void main(String[] args) {
        Phases p = new Phases();
        Best best = new Best();
        boolean localBefore = best.isUnshared();
        best.exportObject();
        String name = best.getObjectId();
        boolean local = best.isUnshared();

        Tally first = null;
        int rounds = 0;
        int foreignBefore = 0;
        int other = 0;
        while (rounds < ROUNDS && foreignBefore == 0) {
            first = p.sweep(DEPTH, 1, best, name, local);
            p.sync();
            foreignBefore += first.foreign;
            other += first.otherReplica;
            rounds++;
        }

        pause(); // a sequential phase: no node takes another's jobs
        int foreignPaused = 0;
        long pausedSum = 0;
        for (int i = 0; i < rounds; i++) {
            Tally t = p.sweep(DEPTH, 1, best, name, local);
            p.sync();
            foreignPaused += t.foreign;
            other += t.otherReplica;
            pausedSum = t.checksum;
        }
        resume();

        Tally last = p.sweep(DEPTH, 1, best, name, local);
        p.sync();
        other += last.otherReplica;

        String caught;
        try {
            p.probe();
            caught = "nothing";
        } catch (Stop s) {
            caught = "Stop " + s.value;
        }
        System.out.printf("phases: checksum %d, the same paused %b and after %b; leaves whose shared object had "
                + "another name or sharing state: %d; the inlet class caught by a catch of all exceptions: %b, by "
                + "its caller: %s%n", first.checksum, pausedSum == first.checksum, last.checksum == first.checksum,
                other, p.caughtAsException, caught);
        System.err.printf("phases: leaves that ran on another node before the pause: %d (in %d sweeps), while "
                + "paused: %d; shared object %s local before export %b, after %b%n", foreignBefore, rounds,
                foreignPaused, name, localBefore, local);
    }
}
