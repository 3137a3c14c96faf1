package satin.samples.replicas;

import java.util.Set;
import java.util.TreeSet;
import satin.SatinObject;

/**
 * Writes from every node end in identical replicas. First a tree of jobs writes {@code values} numbers into a shared
 * {@link Ledger} (each leaf writes one and waits until jobs on {@code jvms} JVMs have written, so every node
 * writes); then a tree of check jobs reads the ledger wherever it runs (each leaf waits likewise until checks run
 * on {@code jvms} JVMs). A check's guard holds it back until its node's replica has applied all {@code values}
 * writes, so every check must see exactly the master's ledger: same count, same sum, and the same order-sensitive
 * digest (one order of writes everywhere). Prints the outcome; {@code main} throws when a replica differs.
 * Checks may wait for more JVMs than writes ({@code checkJvms}): a node that joins the running pool during the run
 * then has to take part, and its replica, started from the master's snapshot, must be the master's too.
 *
 * <p>{@code java satin.samples.replicas.Replicas [jvms (1)] [values (64)] [checkJvms (jvms)]}
 */
public class Replicas extends SatinObject implements ReplicaJobs {

    private static final long WAIT_MILLIS = 20_000;

    private final long deadline = System.currentTimeMillis() + WAIT_MILLIS;

    static String jvm() {
        return Long.toString(ProcessHandle.current().pid());
    }

    @Override
    public int write(Ledger ledger, Roll writers, int from, int to, int jvms) {
        if (to - from == 1) {
            ledger.record(from);
            writers.attend(jvm());
            writers.awaitAtLeast(jvms, deadline);
            return 1;
        }
        int mid = (from + to) >>> 1;
        int left = write(ledger, writers, from, mid, jvms);
        int right = write(ledger, writers, mid, to, jvms);
        sync();
        return left + right;
    }

    /** A check runs only where the ledger has all the writes. */
    public boolean guard_check(Ledger ledger, Roll checkers, long expected, int depth, int jvms) {
        return ledger.count() >= expected;
    }

    @Override
    public String check(Ledger ledger, Roll checkers, long expected, int depth, int jvms) {
        if (depth == 0) {
            String seen = jvm() + ":" + ledger.state();
            checkers.attend(jvm());
            checkers.awaitAtLeast(jvms, deadline);
            return seen;
        }
        String left = check(ledger, checkers, expected, depth - 1, jvms);
        String right = check(ledger, checkers, expected, depth - 1, jvms);
        sync();
        return left + ";" + right;
    }

    public static void main(String[] args) {
        int jvms = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int values = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int checkJvms = args.length > 2 ? Integer.parseInt(args[2]) : jvms;
        Ledger ledger = new Ledger();
        Roll writers = new Roll();
        Roll checkers = new Roll();
        Replicas r = new Replicas();
        int written = r.write(ledger, writers, 0, values, jvms);
        r.sync();
        String reports = r.check(ledger, checkers, values, 2 + 32 - Integer.numberOfLeadingZeros(checkJvms),
                checkJvms);
        r.sync();
        String expected = ledger.state();
        Set<String> checkedOn = new TreeSet<>();
        int differ = compare(reports, expected, checkedOn);
        System.out.println("written " + written + " values from " + writers.size() + " JVMs; checked on "
                + checkedOn.size() + " JVMs; ledger " + expected);
        if (differ != 0) {
            throw new IllegalStateException(differ + " replicas differ from the master's"); // ends main with status 1
        }
        System.out.println("replicas identical");
    }

    /**
     * Compares the check reports ({@code jvm:state;...}) with the master's state, printing each that differs; notes
     * the JVMs that reported in {@code checkedOn}. Returns how many differ.
     */
    static int compare(String reports, String expected, Set<String> checkedOn) {
        int differ = 0;
        for (String report : reports.split(";")) {
            String[] parts = report.split(":", 2);
            checkedOn.add(parts[0]);
            if (!parts[1].equals(expected)) {
                differ++;
                System.out.println("replica on JVM " + parts[0] + " differs: " + parts[1] + " (master: " + expected
                        + ")");
            }
        }
        return differ;
    }
}
