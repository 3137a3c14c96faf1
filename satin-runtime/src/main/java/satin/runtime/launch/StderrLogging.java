package satin.runtime.launch;

import java.io.PrintStream;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The runtime's logging when a program started with plain {@code java} brings no SLF4J provider of its own (a new
 * user project depends on satin-runtime only): warnings and errors on standard error, one line each, and Satin's
 * loggers at the level named by the system property {@code satin.log} if set. Without it SLF4J prints three lines
 * of "No SLF4J providers were found" on every run and then drops the runtime's warnings.
 *
 * <p>Not registered as a service (that would compete with the user's provider, and SLF4J warns of two): the
 * bootstrap selects it through SLF4J's {@value #PROVIDER_PROPERTY} property, and only when no provider is on the
 * class path ({@link #installIfNone}).
 */
public final class StderrLogging implements SLF4JServiceProvider {

    /** SLF4J's system property naming the provider class to use. */
    static final String PROVIDER_PROPERTY = "slf4j.provider";
    /** SLF4J's system property for the level of its own messages. */
    static final String REPORT_LEVEL_PROPERTY = "slf4j.internal.verbosity";

    private final ILoggerFactory loggers = new Loggers(System.err, Level.WARN, level(System.getProperty("satin.log")));
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /**
     * Selects this provider when SLF4J would find none and nothing chose one: before the first logger is made, by
     * the bootstrap of a plain-{@code java} program, which owns its JVM's start.
     */
    static void installIfNone() {
        if (System.getProperty(PROVIDER_PROPERTY) != null) {
            return;
        }
        ClassLoader slf4j = LoggerFactory.class.getClassLoader();
        if (ServiceLoader.load(SLF4JServiceProvider.class, slf4j).findFirst().isEmpty()) {
            System.setProperty(PROVIDER_PROPERTY, StderrLogging.class.getName());
            if (System.getProperty(REPORT_LEVEL_PROPERTY) == null) {
                System.setProperty(REPORT_LEVEL_PROPERTY, "WARN"); // else SLF4J says which provider it loads
            }
        }
    }

    private static Level level(String name) {
        if (name == null) {
            return Level.WARN;
        }
        try {
            return Level.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return Level.WARN;
        }
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
    }

    /** Loggers by name; Satin's ({@code satin.*}) at {@code satin} level, others at {@code others}. */
    private record Loggers(PrintStream out, Level others, Level satin,
                           ConcurrentMap<String, Logger> byName) implements ILoggerFactory {
        Loggers(PrintStream out, Level others, Level satin) {
            this(out, others, satin, new ConcurrentHashMap<>());
        }

        @Override
        public Logger getLogger(String name) {
            return byName.computeIfAbsent(name, n -> new Line(n, out, n.startsWith("satin.") ? satin : others));
        }
    }

    /** One logger: a line per event at or above its level; the stream's own lock keeps lines whole. */
    private static final class Line extends LegacyAbstractLogger {
        private final transient PrintStream out;
        private final Level threshold;

        Line(String name, PrintStream out, Level threshold) {
            this.name = name;
            this.out = out;
            this.threshold = threshold;
        }

        private boolean on(Level level) {
            return level.toInt() >= threshold.toInt();
        }

        @Override
        public boolean isTraceEnabled() {
            return on(Level.TRACE);
        }

        @Override
        public boolean isDebugEnabled() {
            return on(Level.DEBUG);
        }

        @Override
        public boolean isInfoEnabled() {
            return on(Level.INFO);
        }

        @Override
        public boolean isWarnEnabled() {
            return on(Level.WARN);
        }

        @Override
        public boolean isErrorEnabled() {
            return on(Level.ERROR);
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
                                                   Throwable throwable) {
            String shortName = name.substring(name.lastIndexOf('.') + 1);
            out.println(level + " " + shortName + ": " + MessageFormatter.basicArrayFormat(pattern, arguments));
            if (throwable != null) {
                throwable.printStackTrace(out);
            }
        }
    }
}
