package satin.ipl.udp.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A reconnected peer's late datagrams are counted but no warning (the README's udp example printed "dropped datagram
 * ... earlier incarnation" on correct runs, issue 29 item 10); anomalies still warn.
 */
class DropLogTest {

    private static final InetSocketAddress PEER = new InetSocketAddress("127.0.0.1", 4000);
    private final Logger logger = (Logger) LoggerFactory.getLogger(DropLog.class);
    private final ListAppender<ILoggingEvent> events = new ListAppender<>();
    private Level level;

    @BeforeEach
    void listen() {
        level = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        events.start();
        logger.addAppender(events);
    }

    @AfterEach
    void stop() {
        logger.detachAppender(events);
        logger.setLevel(level);
    }

    private List<Level> levels() {
        return events.list.stream().map(ILoggingEvent::getLevel).toList();
    }

    @Test
    void staleDatagramsAreCountedAtDebugLevel() {
        DropLog log = new DropLog();
        log.drop(DropReason.STALE, PEER, "seq 12");
        log.drop(DropReason.STALE, PEER, "seq 13");
        assertEquals(2, log.count(DropReason.STALE));
        assertEquals(List.of(Level.DEBUG), levels(), "one line per interval, at debug");
    }

    @Test
    void anomaliesStillWarnAndAreNotHiddenByExpectedDrops() {
        DropLog log = new DropLog();
        log.drop(DropReason.STALE, PEER, "seq 12");
        log.drop(DropReason.BAD_MAGIC, PEER, "0x1234");
        assertEquals(List.of(Level.DEBUG, Level.WARN), levels());
        assertEquals(2, log.total());
        for (DropReason r : DropReason.values()) {
            assertEquals(r == DropReason.STALE || r == DropReason.BEFORE_REPLY || r == DropReason.ABANDONED_INIT,
                    r.expected(), r.name());
        }
    }
}
