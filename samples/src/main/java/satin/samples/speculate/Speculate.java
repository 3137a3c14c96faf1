package satin.samples.speculate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import satin.SatinObject;

/**
 * {@code Speculate <marker-file> [hopeless searches]}: spawns the hopeless searches, then the promising one, and
 * prints the answer the inlet received. The promising search is the newest spawn, so its own worker runs it at the
 * sync while the hopeless ones are stolen; it answers only after one of them has started (it waits for the marker
 * file, at most a minute), so its abort() has running work to cancel. Prints {@code answer 42 (N hopeless searches
 * aborted)}; the run ends only if abort() stops every hopeless search.
 */
public final class Speculate extends SatinObject implements SearchInterface {

    @Override
    public void hopeless(String marker) {
        try {
            Files.writeString(Path.of(marker), ProcessHandle.current().pid() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long sum = 0;
        for (long i = 0; sum >= 0; i++) {
            long s = step(i);
            sync();
            sum += s;
        }
    }

    @Override
    public long step(long i) {
        return i & 1;
    }

    @Override
    public void promising(String marker, long answer) throws Found {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(Path.of(marker))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no hopeless search started within a minute");
            }
            Thread.onSpinWait();
        }
        throw new Found(answer);
    }

    long search(String marker, int hopeless) {
        long answer = -1;
        for (int i = 0; i < hopeless; i++) {
            hopeless(marker);
        }
        try {
            promising(marker, 42);
        } catch (Found f) {
            answer = f.value;
            abort();
        }
        sync();
        return answer;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: Speculate <marker-file> [hopeless searches (default 2)]");
        }
        int hopeless = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        long answer = new Speculate().search(args[0], hopeless);
        System.out.println("answer " + answer);
    }
}
