package satin.apps.abortprobe;

import satin.SatinObject;

/**
 * An exception thrown by a job stolen from a thief, on 3 JVMs with one worker each: the master spawns
 * {@link #relay}, which another node B steals; it spawns {@link #leaf}, which the third node C steals from B; the leaf
 * throws a {@link Boom}, which travels to B and is caught by the relay's inlet there; the relay then throws a
 * {@link Relayed} carrying what it caught, caught by the master's inlet. Driven by events, never by time: the master's
 * worker and the relay's wait (busy, outside any sync, so they run no other job) until the leaf has started, as the
 * shared {@link Tally} tells them, so only the third node can have taken the leaf. A violation throws (exit status 1).
 *
 * <p>{@code satin run --nodes 3 --workers 1 satin.apps.abortprobe.Relay [rounds (3)]}
 */
public final class Relay extends SatinObject implements RelayInter {

    private static final long WAIT_NANOS = 60_000_000_000L;

    private static long jvm() {
        return ProcessHandle.current().pid();
    }

    @Override
    public void relay(Tally tally, long spawnerJvm, int leaves) throws Relayed {
        long self = jvm();
        if (self == spawnerJvm) {
            throw new IllegalStateException("the relay ran on the JVM that spawned it, not on a thief");
        }
        String caught = "";
        try {
            leaf(tally);
        } catch (Boom b) {
            caught = b.getMessage(); // an inlet on the thief B, for an exception from the thief's thief C
        }
        await(tally, leaves); // busy here, outside the sync: the leaf can only go to the third JVM
        sync();
        throw new Relayed(self, caught);
    }

    @Override
    public void leaf(Tally tally) throws Boom {
        tally.add("leaf started");
        throw new Boom("thrown in " + jvm());
    }

    /** One round; returns what happened, or throws if an exception took another path. */
    static String round(Tally tally, int round) {
        long master = jvm();
        Relay probe = new Relay();
        Relayed got = null;
        try {
            probe.relay(tally, master, round + 1);
        } catch (Relayed r) {
            got = r; // the master's inlet, for the relay's exception from the thief B
        }
        await(tally, round + 1); // busy here, outside the sync: the relay goes to a thief, the leaf to the third
        probe.sync();
        if (got == null) {
            throw new IllegalStateException("the relay's exception did not reach the master's inlet");
        }
        if (!got.caught.startsWith("thrown in ")) {
            throw new IllegalStateException("the relay's inlet did not catch the leaf's Boom: '" + got.caught + "'");
        }
        long leafJvm = Long.parseLong(got.caught.substring("thrown in ".length()));
        if (leafJvm == master || leafJvm == got.relayJvm || got.relayJvm == master) {
            throw new IllegalStateException("expected three JVMs: master " + master + ", relay " + got.relayJvm
                    + ", leaf " + leafJvm);
        }
        return "leaf on " + leafJvm + " threw to the inlet of the relay on " + got.relayJvm
                + ", whose exception reached the inlet on the master " + master;
    }

    private static void await(Tally tally, int leaves) {
        if (!tally.await("leaf started", leaves, System.nanoTime() + WAIT_NANOS)) {
            throw new IllegalStateException("no leaf started within 60 s: " + tally.counts());
        }
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Tally tally = new Tally();
        tally.exportObject();
        for (int r = 0; r < rounds; r++) {
            System.out.println("round " + r + ": " + round(tally, r));
        }
        System.out.println("self-check passed: " + rounds + " rounds, every exception took the path thief's thief -> "
                + "thief's inlet -> master's inlet");
    }
}
