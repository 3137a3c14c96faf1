package satin.cli.launch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The last few lines a node printed on its standard error, for the report of its death: what it said last is often
 * the reason (an OutOfMemoryError, a JVM error). Lines are written by the node's relay thread and read once the node
 * has ended; both under this object's monitor.
 */
final class LastLines {
    private final int keep;
    private final ArrayDeque<String> lines = new ArrayDeque<>();

    LastLines(int keep) {
        this.keep = keep;
    }

    synchronized void add(String line) {
        if (lines.size() == keep) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    synchronized List<String> get() {
        return new ArrayList<>(lines);
    }
}
