package satin.cli.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * What the ends of a run's node JVMs mean for the run: which end decides it, its exit status, and what to tell the
 * user about each node that ended on the way.
 *
 * <p>With nodes that {@linkplain NodeEnd declare their end} (the nodes of {@code satin run}), a node's death is the
 * runtime's business, not the launcher's: a node that dies (no end line: a signal, a halt, a JVM crash) or exits in
 * the middle of the run ({@link NodeEnd.Kind#EXITED}) is reported with how it ended and its last lines, and the run
 * goes on; it is decided by the node that {@linkplain NodeEnd.Kind#FINISHED finished} it, whose exit status is the
 * run's. Without a finisher, once every node has ended: the first failure a node declared (in node order), else the
 * first exit, else 0 when a node saw the run end ({@link NodeEnd.Kind#SERVED}: the finisher died before its line), else
 * {@value #ALL_DIED} (every node died). Nodes the run kills on purpose ({@code --kill}) are not reported.
 *
 * <p>With nodes that say nothing (other node programs), the first non-zero status of a node not killed on purpose
 * decides the run, as a failure.
 *
 * <p>Called by the launcher's one waiting thread only.
 */
final class RunVerdict {
    /** The status of a run whose every node died. */
    static final int ALL_DIED = 3;
    /** How many of a dead node's last lines its report shows. */
    static final int LAST_LINES = 4;

    private final boolean declared;
    private final IntFunction<String> names;
    private final Set<Integer> expendable;
    private int finisher = -1;
    private int finishedStatus;
    private boolean served;
    private final TreeMap<Integer, Integer> failed = new TreeMap<>();
    private final TreeMap<Integer, Integer> exited = new TreeMap<>();
    private int died;

    /**
     * @param declared   whether the nodes declare their ends ({@link NodeEnd})
     * @param expendable nodes killed on purpose (read when they end: the caller may add to it until then)
     */
    RunVerdict(boolean declared, IntFunction<String> names, Set<Integer> expendable) {
        this.declared = declared;
        this.names = names;
        this.expendable = expendable;
    }

    /**
     * Node {@code node} ended with {@code status}, after declaring {@code end} (null: it did not); returns the
     * lines to print about it (none when its end needs no word).
     */
    List<String> ended(int node, int status, NodeEnd.Kind end, List<String> lastLines) {
        List<String> say = new ArrayList<>();
        if (!declared) {
            if (status != 0 && !expendable.contains(node)) {
                failed.putIfAbsent(node, status);
            }
            return say;
        }
        boolean over = decided();
        String name = names.apply(node);
        if (end == null) {
            if (expendable.contains(node)) {
                return say;
            }
            died++;
            say.add("satin run: " + name + " died: " + ExitStatus.describe(status)
                    + (over ? ", after the run ended" : "; the run goes on without it")
                    + (lastLines.isEmpty() ? "" : "; its last lines:"));
            lastLines.stream().skip(Math.max(0, lastLines.size() - LAST_LINES))
                    .forEach(l -> say.add("satin run:   [" + name + "] " + l));
            return say;
        }
        switch (end) {
            case FINISHED -> {
                if (finisher < 0) {
                    finisher = node;
                    finishedStatus = status;
                }
            }
            case SERVED -> served = true;
            case LEFT -> {
            }
            case FAILED -> {
                if (status != 0) {
                    failed.putIfAbsent(node, status);
                }
            }
            case EXITED -> {
                exited.putIfAbsent(node, status);
                String signal = ExitStatus.signal(status);
                say.add("satin run: " + name + " exited " + (signal != null ? "on " + signal + " (exit status "
                        + status + ") in the middle of the run" : "with status " + status + " in the middle of the run "
                        + "(System.exit(" + status + ") in a job running there)")
                        + (over ? "" : "; the run goes on without it"));
            }
        }
        return say;
    }

    /**
     * Whether the run's outcome is known: a node finished it (nodes that declare their ends), or a node failed
     * (nodes that do not). The nodes still running then get a grace period to end by themselves.
     */
    boolean decided() {
        return declared ? finisher >= 0 : !failed.isEmpty();
    }

    /** The run's exit status, once every node has ended (or the rest were killed after the grace period). */
    int status() {
        if (finisher >= 0) {
            return finishedStatus;
        }
        if (!failed.isEmpty()) {
            return failed.firstEntry().getValue();
        }
        if (!declared) {
            return 0;
        }
        if (!exited.isEmpty()) {
            return exited.firstEntry().getValue();
        }
        return served || died == 0 ? 0 : ALL_DIED;
    }

    /** The last word about a run nobody finished, or null. */
    String summary() {
        if (!declared || finisher >= 0 || !failed.isEmpty() || served || died + exited.size() == 0) {
            return null;
        }
        return exited.isEmpty() ? "satin run: every node died before the run ended"
                : "satin run: no node finished the run: every node died or exited before it ended";
    }
}
