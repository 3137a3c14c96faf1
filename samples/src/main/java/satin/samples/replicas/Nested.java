package satin.samples.replicas;

import satin.SatinObject;

/**
 * {@code Nested [jobs (64)] [work (200000)]}: spawns jobs whose argument holds a shared {@link Ledger} inside a
 * {@link Box}, not as an argument of its own. Such a job cannot carry the object as a reference; sent to another
 * node it would write to a copy, and its value would be missing from the ledger here. The runtime keeps such jobs on
 * this node (with a warning), so every value arrives: prints {@code recorded N of N values}.
 */
public final class Nested extends SatinObject implements NestedJobs {

    @Override
    public long add(Box box, int value, int work) {
        long x = value;
        for (int i = 0; i < work; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        box.ledger().record(value);
        return x;
    }

    public static void main(String[] args) {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        int work = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        Ledger ledger = new Ledger();
        ledger.exportObject();
        Box box = new Box(ledger);
        Nested nested = new Nested();
        long[] results = new long[jobs];
        for (int i = 0; i < jobs; i++) {
            results[i] = nested.add(box, i + 1, work);
        }
        nested.sync();
        System.out.println("recorded " + ledger.count() + " of " + jobs + " values");
    }
}
