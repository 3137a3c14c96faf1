package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.TimeZone;
import java.util.function.Consumer;

import java.util.stream.Stream;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Output;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import satin.ipl.IplException;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.SendPortIdentifier;

/**
 * Types a user may register whose Kryo serializers allocate by a length from the wire themselves (through
 * {@code Input.readString}, {@code readBytes}, {@code readLongs} or a presized collection): a crafted
 * message claiming a huge length is refused naming the type and the claim while the reading thread
 * allocates at most a few MiB, and normal values still round-trip.
 */
class UserTypeAllocationGuardTest {
    private static final int HUGE = Integer.MAX_VALUE - 8;
    private static final long ALLOCATION_LIMIT = 8L << 20;

    /** A field-serialized user class whose fields have Kryo's self-allocating serializers. */
    static final class Account {
        StringBuilder note;
        BigInteger balance;
    }

    private static final List<Object> SAMPLES = samples();

    private final Serialization serialization = serialization();
    private final Kryo kryo = serialization.borrow();

    private static List<Object> samples() {
        try {
            Account account = new Account();
            account.note = new StringBuilder("n\u00f6te");
            account.balance = BigInteger.TEN.pow(40);
            return List.of(new StringBuilder("b\u00fcilder"), new StringBuffer("b\u00fcffer"),
                    new URL("http://example.org/\u00e9"), Locale.CANADA_FRENCH,
                    Currency.getInstance("EUR"), TimeZone.getTimeZone("Europe/Amsterdam"), StandardCharsets.UTF_8,
                    ZoneId.of("Europe/Amsterdam"), BigInteger.ONE.shiftLeft(100), new BigDecimal("3.14159"),
                    BitSet.valueOf(new long[] {5, 7}), new PriorityQueue<>(List.of(3, 1, 2)),
                    Arrays.asList(1, 2), List.of(1), List.of(1, 2, 3), account);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Serialization serialization() {
        try {
            return new Serialization(SAMPLES.stream().map(s -> s.getClass().getName()).distinct().toList(),
                    UserTypeAllocationGuardTest.class.getClassLoader());
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void release() {
        serialization.release(kryo);
    }

    private byte[] write(Object o) {
        Output out = new Output(256, -1);
        kryo.writeClassAndObject(out, o);
        return out.toBytes();
    }

    /** A message for a {@code sample}-typed object whose body is replaced by {@code body}, then padding. */
    private byte[] forged(Object sample, Consumer<Output> body) {
        byte[] whole = write(sample);
        Output alone = new Output(256, -1);
        @SuppressWarnings("unchecked")
        Serializer<Object> s = kryo.getSerializer(sample.getClass());
        s.write(kryo, alone, sample);
        Output out = new Output(256, -1);
        out.writeBytes(whole, 0, whole.length - alone.position());
        body.accept(out);
        out.writeBytes(new byte[24]);
        return out.toBytes();
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /**
     * Reads {@code message}, which must be refused with a KryoException after allocating little. An
     * OutOfMemoryError (what an unguarded read of a huge claim ends in) is a failure of this test, not
     * of the run: the one huge array it asked for was never allocated.
     */
    private KryoException refused(byte[] message) {
        long before = allocatedBytes();
        Throwable thrown = null;
        try {
            kryo.readClassAndObject(new BoundedInput(message));
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = allocatedBytes() - before;
        KryoException e = assertInstanceOf(KryoException.class, thrown, "a KryoException, not " + thrown);
        assertTrue(allocated < ALLOCATION_LIMIT, "allocated " + allocated + " bytes before refusing");
        return e;
    }

    static Stream<Arguments> hugeClaims() {
        Consumer<Output> utf8String = out -> out.writeVarIntFlag(true, HUGE + 1, true);
        Consumer<Output> lengthPlusOne = out -> out.writeVarInt(HUGE + 1, true);
        Consumer<Output> collection = out -> out.writeVarIntFlag(false, HUGE + 1, true);
        return Stream.of(
                Arguments.of(SAMPLES.get(0), utf8String, "characters"),
                Arguments.of(SAMPLES.get(1), utf8String, "characters"),
                Arguments.of(SAMPLES.get(2), utf8String, "characters"),
                Arguments.of(SAMPLES.get(3), utf8String, "characters"),
                Arguments.of(SAMPLES.get(4), utf8String, "characters"),
                Arguments.of(SAMPLES.get(5), utf8String, "characters"),
                Arguments.of(SAMPLES.get(6), utf8String, "characters"),
                Arguments.of(SAMPLES.get(7), utf8String, "characters"),
                Arguments.of(SAMPLES.get(8), lengthPlusOne, "bytes"),
                Arguments.of(SAMPLES.get(9), lengthPlusOne, "bytes"),
                Arguments.of(SAMPLES.get(10), (Consumer<Output>) out -> out.writeVarInt(HUGE, true), "longs"),
                Arguments.of(SAMPLES.get(11), collection, "elements"),
                Arguments.of(SAMPLES.get(12), collection, "elements"),
                Arguments.of(SAMPLES.get(13), collection, "elements"),
                Arguments.of(SAMPLES.get(14), collection, "elements"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hugeClaims")
    void hugeClaimedLengthIsRefusedBeforeAllocation(Object sample, Consumer<Output> body, String unit) {
        KryoException e = refused(forged(sample, body));
        String claim = sample.getClass().getTypeName() + " claims " + HUGE + " " + unit;
        assertTrue(e.getMessage().contains(claim), "expected '" + claim + "' in: " + e.getMessage());
    }

    @Test
    void fieldsOfAUserClassAreRefusedNamingTheFieldType() {
        Account account = new Account();
        account.note = new StringBuilder("\u00e9");
        byte[] whole = write(account);
        int at = indexOf(whole, (byte) 0x82); // a UTF-8 string of one character
        assertTrue(at > 0, Arrays.toString(whole));
        Output out = new Output(64, -1);
        out.writeBytes(whole, 0, at);
        out.writeVarIntFlag(true, HUGE + 1, true);
        out.writeBytes(new byte[8]);
        KryoException e = refused(out.toBytes());
        assertTrue(e.getMessage().contains("java.lang.StringBuilder claims " + HUGE + " characters"),
                e.getMessage());
    }

    @Test
    void aReceivedMessageIsReadThroughTheGuard() {
        byte[] message = forged(SAMPLES.get(8), out -> out.writeVarInt(HUGE + 1, true));
        SendPortIdentifier origin = new SendPortIdentifier(
                new NodeIdentifier("p", "1", Location.parse("a@b"), "tcp", new byte[0]), "sender");
        MessageReaderImpl reader = new MessageReaderImpl(message, message.length, origin, null, 0, serialization);
        long before = allocatedBytes();
        Throwable thrown = null;
        try {
            reader.readObject();
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = allocatedBytes() - before;
        IplException e = assertInstanceOf(IplException.class, thrown, "an IplException, not " + thrown);
        assertTrue(allocated < ALLOCATION_LIMIT, "allocated " + allocated + " bytes before refusing");
        assertTrue(e.getMessage().contains("java.math.BigInteger claims " + HUGE + " bytes"), e.getMessage());
    }

    @Test
    void everyTypeStillRoundTrips() {
        for (Object sample : SAMPLES) {
            Object back = kryo.readClassAndObject(new BoundedInput(write(sample)));
            assertEquals(sample.getClass(), back.getClass());
            if (sample instanceof Account a) {
                assertEquals(a.note.toString(), ((Account) back).note.toString());
                assertEquals(a.balance, ((Account) back).balance);
            } else if (sample instanceof PriorityQueue<?> q) {
                assertEquals(List.copyOf(q).stream().sorted().toList(),
                        List.copyOf((PriorityQueue<?>) back).stream().sorted().toList());
            } else if (sample instanceof CharSequence) {
                assertEquals(sample.toString(), back.toString());
            } else {
                assertEquals(sample, back);
            }
        }
    }

    private static int indexOf(byte[] in, byte what) {
        for (int i = 0; i < in.length; i++) {
            if (in[i] == what) {
                return i;
            }
        }
        return -1;
    }
}
