package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static satin.ipl.core.CraftedMessages.ALLOCATION_LIMIT;
import static satin.ipl.core.CraftedMessages.HUGE;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.TimeZone;
import java.util.function.Consumer;
import java.util.stream.Stream;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
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
    /** A field-serialized user class whose fields have Kryo's self-allocating serializers. */
    static final class Account {
        StringBuilder note;
        BigInteger balance;
    }

    private static final List<Object> SAMPLES = samples();

    private final Serialization serialization = CraftedMessages.serialization(
            SAMPLES.stream().map(s -> s.getClass().getName()).distinct().toList());
    private final Kryo kryo = serialization.borrow();
    private final CraftedMessages messages = new CraftedMessages(kryo);

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

    @AfterEach
    void release() {
        serialization.release(kryo);
    }

    /** Every sample but the user class, with a body claiming a huge length in its serializer's format. */
    static Stream<Arguments> hugeClaims() {
        Consumer<Output> utf8String = out -> out.writeVarIntFlag(true, HUGE + 1, true);
        Consumer<Output> lengthPlusOne = out -> out.writeVarInt(HUGE + 1, true);
        Consumer<Output> longCount = out -> out.writeVarInt(HUGE, true);
        Consumer<Output> collection = out -> out.writeVarIntFlag(false, HUGE + 1, true);
        return SAMPLES.stream().filter(s -> !(s instanceof Account)).map(s -> {
            if (s instanceof BigInteger || s instanceof BigDecimal) {
                return Arguments.of(s, lengthPlusOne, "bytes");
            } else if (s instanceof BitSet) {
                return Arguments.of(s, longCount, "longs");
            } else if (s instanceof Collection) {
                return Arguments.of(s, collection, "elements");
            }
            return Arguments.of(s, utf8String, "characters");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hugeClaims")
    void hugeClaimedLengthIsRefusedBeforeAllocation(Object sample, Consumer<Output> body, String unit) {
        KryoException e = messages.refused(messages.forged(sample, body));
        String claim = sample.getClass().getTypeName() + " claims " + HUGE + " " + unit;
        assertTrue(e.getMessage().contains(claim), "expected '" + claim + "' in: " + e.getMessage());
    }

    @Test
    void fieldsOfAUserClassAreRefusedNamingTheFieldType() {
        Account account = new Account();
        account.note = new StringBuilder("\u00e9");
        KryoException e = messages.refused(messages.withHugeString(account));
        assertTrue(e.getMessage().contains("java.lang.StringBuilder claims " + HUGE + " characters"),
                e.getMessage());
    }

    @Test
    void aReceivedMessageIsReadThroughTheGuard() {
        byte[] message = messages.forged(BigInteger.ONE.shiftLeft(100), out -> out.writeVarInt(HUGE + 1, true));
        SendPortIdentifier origin = new SendPortIdentifier(
                new NodeIdentifier("p", "1", Location.parse("a@b"), "tcp", new byte[0]), "sender");
        MessageReaderImpl reader = new MessageReaderImpl(message, message.length, origin, null, 0, serialization);
        long before = CraftedMessages.allocatedBytes();
        Throwable thrown = null;
        try {
            reader.readObject();
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = CraftedMessages.allocatedBytes() - before;
        IplException e = assertInstanceOf(IplException.class, thrown, "an IplException, not " + thrown);
        assertTrue(allocated < ALLOCATION_LIMIT, "allocated " + allocated + " bytes before refusing");
        assertTrue(e.getMessage().contains("java.math.BigInteger claims " + HUGE + " bytes"), e.getMessage());
    }

    @Test
    void everyTypeStillRoundTrips() {
        for (Object sample : SAMPLES) {
            Object back = kryo.readClassAndObject(new BoundedInput(messages.write(sample)));
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
}
