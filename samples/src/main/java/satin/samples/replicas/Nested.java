package satin.samples.replicas;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import satin.SatinObject;

/**
 * Shared objects inside an argument, not passed directly: every job gets a {@link Box} holding a {@link Ledger} and a
 * {@link Roll}. Wherever a job runs, the objects in its box must be that node's replicas: first a tree of jobs
 * records {@code values} numbers in the ledger (each leaf then waits until leaves on {@code jvms} JVMs have written,
 * so every node writes) and reports its JVM and the identity of the ledger it wrote to; then a tree of check jobs,
 * held back by a guard until their node's replica has every value, reports each node's ledger. {@code main} checks
 * that the master's ledger has every value (no write went to a copy), that the jobs of each JVM saw one ledger object
 * (its replica; on the master the object itself), and that every replica equals the master's. It throws otherwise.
 *
 * <p>{@code java satin.samples.replicas.Nested [jvms (1)] [values (64)]}
 */
public final class Nested extends SatinObject implements NestedJobs {

    private static final long WAIT_MILLIS = 20_000;

    private final long deadline = System.currentTimeMillis() + WAIT_MILLIS;

    @Override
    public String add(Box box, int from, int to, int jvms) {
        if (to - from == 1) {
            box.ledger().record(from);
            box.roll().attend(Replicas.jvm());
            box.roll().awaitAtLeast(jvms, deadline);
            return Replicas.jvm() + ":" + System.identityHashCode(box.ledger());
        }
        int mid = (from + to) >>> 1;
        String left = add(box, from, mid, jvms);
        String right = add(box, mid, to, jvms);
        sync();
        return left + ";" + right;
    }

    /** A check runs only where the ledger has every value. */
    public boolean guard_check(Box box, long expected, int depth, int jvms) {
        return box.ledger().count() >= expected;
    }

    @Override
    public String check(Box box, long expected, int depth, int jvms) {
        if (depth == 0) {
            String seen = Replicas.jvm() + ":" + box.ledger().state();
            box.roll().attend(Replicas.jvm());
            box.roll().awaitAtLeast(jvms, deadline);
            return seen;
        }
        String left = check(box, expected, depth - 1, jvms);
        String right = check(box, expected, depth - 1, jvms);
        sync();
        return left + ";" + right;
    }

    public static void main(String[] args) {
        int jvms = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int values = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        Ledger ledger = new Ledger(); // not exported: the first job that moves starts its replication
        Nested nested = new Nested();
        String written = nested.add(new Box(ledger, new Roll()), 0, values, jvms);
        nested.sync();
        Map<String, Set<String>> ledgersSeen = new TreeMap<>();
        for (String leaf : written.split(";")) {
            String[] parts = leaf.split(":", 2);
            ledgersSeen.computeIfAbsent(parts[0], k -> new TreeSet<>()).add(parts[1]);
        }
        String reports = nested.check(new Box(ledger, new Roll()), values,
                2 + 32 - Integer.numberOfLeadingZeros(jvms), jvms);
        nested.sync();
        String expected = ledger.state();
        Set<String> checkedOn = new TreeSet<>();
        int differ = Replicas.compare(reports, expected, checkedOn);
        System.out.println("recorded " + ledger.count() + " of " + values + " values, written on " + ledgersSeen.size()
                + " JVMs; checked on " + checkedOn.size() + " JVMs");
        String self = Replicas.jvm();
        for (Map.Entry<String, Set<String>> e : ledgersSeen.entrySet()) {
            if (e.getValue().size() != 1) {
                throw new IllegalStateException("the jobs on JVM " + e.getKey() + " wrote to " + e.getValue().size()
                        + " different ledgers, not to its one replica");
            }
            if (e.getKey().equals(self)
                    && !e.getValue().contains(Integer.toString(System.identityHashCode(ledger)))) {
                throw new IllegalStateException("the jobs on the master wrote to a ledger other than its own");
            }
        }
        if (ledger.count() != values || differ != 0) {
            throw new IllegalStateException(differ + " replicas differ from the master's; the master's ledger has "
                    + ledger.count() + " of " + values + " values");
        }
        System.out.println("one ledger per JVM; replicas identical");
    }
}
