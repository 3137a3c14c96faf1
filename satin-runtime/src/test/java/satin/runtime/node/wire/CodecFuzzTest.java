package satin.runtime.node.wire;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.sun.management.ThreadMXBean;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;

/**
 * Coverage-guided fuzzing of {@link Codec#read}, the reader of every message between nodes. Contract: a whole
 * {@link Message}, or a {@link WireException} naming what was wrong; nothing else (no ClassCastException,
 * NegativeArraySizeException, OutOfMemoryError), and memory in proportion to the message, whatever counts it claims.
 * The message's bytes come through {@link BytesMessage} (object serialization is the IPL's, fuzzed there). Without
 * JAZZER_FUZZ this replays the committed inputs in {@code CodecFuzzTestInputs/read/} (a valid message of each kind,
 * written by {@code CodecSeeds}); see the module README to fuzz for real.
 */
class CodecFuzzTest {

    private static final Codec CODEC = new Codec(CodecFuzzTest.class.getClassLoader(), Codec.JobScope.PLAIN);
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();
    /** What reading may allocate beyond 64 bytes per input byte (exceptions, their messages, class loading). */
    private static final long FIXED = System.getenv("JAZZER_FUZZ") == null ? 4L << 20 : 64L << 20;

    @FuzzTest(maxDuration = "60s")
    void read(byte[] message) {
        long used = allocatedReading(message);
        if (used < 0) { // classes were loaded meanwhile, which allocates too: once more, warm
            used = allocatedReading(message);
        }
        assertTrue(used <= FIXED + 64L * message.length, "reading " + message.length + " bytes allocated " + used);
    }

    /** Reads {@code message}, checking the contract; the bytes it allocated, or -1 when it loaded classes. */
    private static long allocatedReading(byte[] message) {
        long classes = CLASSES.getTotalLoadedClassCount();
        long start = THREADS.getCurrentThreadAllocatedBytes();
        try {
            Message m = CODEC.read(new BytesMessage.Reader(message));
            assertNotNull(m);
            assertTrue(Codec.tagOf(m) == message[0], "the message read is of the tag it starts with");
        } catch (WireException expected) {
            assertNotNull(expected.getMessage());
        }
        long used = THREADS.getCurrentThreadAllocatedBytes() - start;
        return CLASSES.getTotalLoadedClassCount() == classes ? used : -1;
    }
}
