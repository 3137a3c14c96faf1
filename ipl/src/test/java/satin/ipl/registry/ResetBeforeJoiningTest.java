package satin.ipl.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import satin.ipl.security.PoolSecurity;

/**
 * A connection reset before it joined (a node JVM ended while starting: a run stopped with Ctrl-C in its first
 * second) is no warning: no member is affected, and the launcher that embeds the registry has said why the run ended
 * already, so a warning after its last line only confuses (satin-cli's LauncherDeathTest saw one).
 */
class ResetBeforeJoiningTest {

    /** Every event of the registry handler's logger, in order, for the test thread to wait on. */
    private static final class Events extends AppenderBase<ILoggingEvent> {
        final BlockingQueue<ILoggingEvent> queue = new LinkedBlockingQueue<>();

        @Override
        protected void append(ILoggingEvent event) {
            queue.add(event);
        }
    }

    @Test
    void aConnectionResetBeforeItJoinedIsLoggedAtDebugOnly() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(RegistryServerHandler.class);
        Level level = logger.getLevel();
        Events events = new Events();
        events.start();
        logger.setLevel(Level.DEBUG);
        logger.addAppender(events);
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0).security(PoolSecurity.insecure()).start()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
                s.getOutputStream().write(new byte[] {0, 0}); // a frame begun, never finished
                s.getOutputStream().flush();
                s.setSoLinger(true, 0); // close with a reset, as the kernel does for a killed process's socket
            }
            // the first line about it (or any warning) ends the wait: one that names the reset at debug level
            List<ILoggingEvent> before = new ArrayList<>();
            ILoggingEvent said = null;
            while (said == null) {
                ILoggingEvent e = events.queue.poll(30, TimeUnit.SECONDS);
                assertNotNull(e, "no log line about the reset connection; before it: " + before);
                if (e.getFormattedMessage().contains("127.0.0.1") || e.getLevel().isGreaterOrEqual(Level.WARN)) {
                    said = e;
                } else {
                    before.add(e);
                }
            }
            assertEquals(Level.DEBUG, said.getLevel(), said.getFormattedMessage());
            assertTrue(said.getFormattedMessage().contains("ended before it joined"), said.getFormattedMessage());
        } finally {
            logger.detachAppender(events);
            logger.setLevel(level);
        }
    }
}
