package satin.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code --verbose} and {@code --debug}, options of every command: the log level of this JVM and of the node JVMs it
 * starts (the level of Logback's loggers named satin, through the system property {@value LogSetup#LEVEL_PROPERTY} that
 * {@link LogSetup} reads and that the launcher passes on to node JVMs), and with {@code --debug} the stack trace of
 * an error. Set while picocli parses the command line, before the command runs; read afterwards on the same thread.
 */
public final class Verbosity {
    private boolean debug;

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "log what the runtime and the launcher do (level info), here and in the node JVMs")
    void verbose(boolean on) {
        if (on && !debug) {
            LogSetup.level("info");
        }
    }

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "log at level debug, here and in the node JVMs, and print the stack trace of an error")
    void debug(boolean on) {
        if (on) {
            debug = true;
            LogSetup.level("debug");
        }
    }

    boolean debug() {
        return debug;
    }
}
