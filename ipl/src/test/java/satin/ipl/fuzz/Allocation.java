package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;

/**
 * Runs a decoder on an input and fails unless the thread allocated memory in proportion to the input,
 * never in proportion to a length the input merely claims. Loading a class (and, when fuzzing, the agent
 * instrumenting it) allocates in the same thread, so a run that loaded classes is measured again.
 */
public final class Allocation {
    /**
     * Allowance independent of the input; an unchecked claimed length costs hundreds of MiB or more. When
     * fuzzing for real, Jazzer's hooks allocate in the decoding thread as well (a few KiB per input byte
     * were seen), so the allowance is larger there.
     */
    public static final long FIXED = System.getenv("JAZZER_FUZZ") == null || System.getenv("JAZZER_FUZZ").isEmpty()
            ? 4L << 20 : 64L << 20;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();

    private Allocation() {
    }

    /** Runs {@code decode}, allowing {@link #FIXED} plus {@code perInputByte} per input byte. */
    public static void bounded(int inputLength, long perInputByte, Runnable decode) {
        bounded(inputLength, perInputByte, 0, decode);
    }

    /** As {@link #bounded(int, long, Runnable)}, plus a known {@code extra} the input may cost. */
    public static void bounded(int inputLength, long perInputByte, long extra, Runnable decode) {
        long used = measure(decode);
        if (used < 0) {
            used = measure(decode);
        }
        long limit = FIXED + perInputByte * inputLength + extra;
        assertTrue(used <= limit, "decoding " + inputLength + " bytes allocated " + used + " bytes, limit " + limit);
    }

    /** Bytes the thread allocated while running {@code decode}, or -1 if it loaded classes meanwhile. */
    private static long measure(Runnable decode) {
        long classes = CLASSES.getTotalLoadedClassCount();
        long start = THREADS.getCurrentThreadAllocatedBytes();
        decode.run();
        long used = THREADS.getCurrentThreadAllocatedBytes() - start;
        return CLASSES.getTotalLoadedClassCount() == classes ? used : -1;
    }
}
