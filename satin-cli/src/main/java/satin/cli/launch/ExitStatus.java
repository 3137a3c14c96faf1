package satin.cli.launch;

import java.util.Map;

/**
 * A process's exit status in words: {@code exit status 3}, or, for 128 + N with N a signal's number (how a shell, ssh
 * and Java's {@link Process#exitValue} report a process a signal ended, and how the JVM's own end on SIGINT, SIGTERM
 * and SIGHUP is numbered), the signal by name: {@code killed by SIGKILL (exit status 137)}. The numbers are Linux's
 * (x86 and ARM alike for these); a JVM can also exit with such a status by itself ({@code System.exit(137)}), which
 * looks the same from outside, hence "status" beside the name.
 */
public final class ExitStatus {
    private static final Map<Integer, String> SIGNALS = Map.ofEntries(Map.entry(1, "SIGHUP"), Map.entry(2, "SIGINT"),
            Map.entry(3, "SIGQUIT"), Map.entry(4, "SIGILL"), Map.entry(5, "SIGTRAP"), Map.entry(6, "SIGABRT"),
            Map.entry(7, "SIGBUS"), Map.entry(8, "SIGFPE"), Map.entry(9, "SIGKILL"), Map.entry(10, "SIGUSR1"),
            Map.entry(11, "SIGSEGV"), Map.entry(12, "SIGUSR2"), Map.entry(13, "SIGPIPE"), Map.entry(14, "SIGALRM"),
            Map.entry(15, "SIGTERM"), Map.entry(24, "SIGXCPU"), Map.entry(25, "SIGXFSZ"), Map.entry(30, "SIGPWR"),
            Map.entry(31, "SIGSYS"));

    private ExitStatus() {
    }

    /** The signal's name for a status of 128 + its number, or null. */
    public static String signal(int status) {
        return status > 128 ? SIGNALS.get(status - 128) : null;
    }

    /** The status in words, e.g. {@code killed by SIGKILL (exit status 137)} or {@code exit status 3}. */
    public static String describe(int status) {
        String signal = signal(status);
        if (signal == null) {
            return "exit status " + status;
        }
        String how = switch (signal) {
            case "SIGABRT" -> "aborted (SIGABRT: a crash of the JVM itself, see its hs_err file)";
            case "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE" -> "crashed with " + signal;
            default -> "killed by " + signal;
        };
        return how + " (exit status " + status + ")";
    }
}
