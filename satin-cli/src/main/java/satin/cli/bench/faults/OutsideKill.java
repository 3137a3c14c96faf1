package satin.cli.bench.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import satin.cli.launch.LocalLauncher;

/**
 * Kills a node JVM of a run that this JVM launched from outside the runtime, with SIGKILL as {@code kill -9} would
 * ({@link ProcessHandle#destroyForcibly}), a given time after the run's {@code main} started: the fault a node meets
 * when the operating system or an operator kills it, beside the injected {@code --kill} that halts the JVM from inside.
 *
 * <p>Events, not guesses, place the kill: {@code main} has started once the master's JVM (the launcher's node0,
 * found among this process's descendants by its {@value LocalLauncher#NODE_VARIABLE} variable) has the thread that
 * runs it ({@code node0-main}, seen in {@code /proc}). Runs on a daemon thread of its own; every wait is bounded by
 * {@link #BOUND_MILLIS}.
 */
final class OutsideKill {

    /** The longest the killer waits for main to start, or for the victim to appear. */
    static final long BOUND_MILLIS = 120_000;

    private final Thread killer;
    private volatile long killedAtEpochMillis = -1;

    private OutsideKill(String victim, long afterMainMillis) {
        killer = new Thread(() -> kill(victim, afterMainMillis), "bench-outside-kill");
        killer.setDaemon(true);
    }

    /** Starts watching for the next run's main: {@code victim} is killed {@code afterMainMillis} after it started. */
    static OutsideKill start(String victim, long afterMainMillis) {
        OutsideKill k = new OutsideKill(victim, afterMainMillis);
        k.killer.start();
        return k;
    }

    /** When the victim was killed (epoch ms), or -1 when the run ended first; call once the run has ended. */
    long killedAtEpochMillis() {
        killer.interrupt();
        try {
            killer.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return killedAtEpochMillis;
    }

    private void kill(String victim, long afterMainMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        try {
            while (node("node0").filter(p -> runsMain(p, "node0")).isEmpty()) {
                if (System.nanoTime() > deadline) {
                    return;
                }
                Thread.sleep(5);
            }
            Thread.sleep(afterMainMillis);
            Optional<ProcessHandle> target = node(victim);
            if (target.isPresent() && target.get().destroyForcibly()) {
                killedAtEpochMillis = System.currentTimeMillis();
            }
        } catch (InterruptedException e) {
            // the run ended before the kill was due
        }
    }

    /** The node JVM named {@code name} among this process's descendants. */
    private static Optional<ProcessHandle> node(String name) {
        return ProcessHandle.current().descendants().filter(p -> {
            try {
                return ("\0" + new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "environ"))))
                        .contains("\0" + LocalLauncher.NODE_VARIABLE + "=" + name + "\0");
            } catch (IOException | RuntimeException gone) {
                return false;
            }
        }).findFirst();
    }

    /** Whether node {@code name}'s JVM {@code p} has the thread that runs main ({@code /proc} shows its name). */
    private static boolean runsMain(ProcessHandle p, String name) {
        try (var tasks = Files.list(Path.of("/proc", Long.toString(p.pid()), "task"))) {
            return tasks.anyMatch(t -> {
                try {
                    return Files.readString(t.resolve("comm")).trim().equals(name + "-main");
                } catch (IOException | RuntimeException gone) {
                    return false;
                }
            });
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }
}
