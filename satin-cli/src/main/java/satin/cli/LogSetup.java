package satin.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * The command line's logging set-up, found by Logback through {@code META-INF/services}: warnings and errors of
 * every module on standard error, so program output stays clean. Written as code rather than a
 * {@code logback.xml} because reading XML costs every JVM of {@code satin run --nodes N} a noticeable part of its
 * start (Logback's XML configurator loads and runs a SAX parser and its model processors). With
 * {@code -Dlogback.configurationFile=FILE} (to raise a subsystem's level) Logback reads that file instead. Satin's
 * loggers log at warn, or at the level named by the system property {@value #LEVEL_PROPERTY} ({@code satin --verbose} and
 * {@code --debug} set it, and the launcher passes it on to the node JVMs it starts).
 */
public final class LogSetup extends ContextAwareBase implements Configurator {

    /** The system property naming the root log level (trace, debug, info, warn, error). */
    public static final String LEVEL_PROPERTY = "satin.log";

    /** The loggers {@value #LEVEL_PROPERTY} sets: Satin's own (libraries such as Netty stay at warn). */
    private static final String SATIN_LOGGERS = "satin";

    /**
     * Sets the root log level of this JVM and of the node JVMs it starts ({@code --verbose}, {@code --debug}): the
     * property for Logback's configuration (read when it starts) and for the node JVMs, and Logback's root logger,
     * should it have started already.
     */
    static void level(String level) {
        System.setProperty(LEVEL_PROPERTY, level);
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            context.getLogger(SATIN_LOGGERS).setLevel(Level.toLevel(level, Level.WARN));
        }
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24}: %msg%n");
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        String level = System.getProperty(LEVEL_PROPERTY);
        if (level != null) {
            context.getLogger(SATIN_LOGGERS).setLevel(Level.toLevel(level, Level.WARN));
        }
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
