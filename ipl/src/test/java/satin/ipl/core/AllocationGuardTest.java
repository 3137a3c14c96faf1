package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static satin.ipl.core.CraftedMessages.HUGE;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.ReceivePortIdentifier;

/**
 * Crafted messages that claim huge lengths for every kind of registered type are refused with an error
 * naming the type and the claimed length, before anything of that size is allocated: the reading thread
 * allocates at most a few MiB where the claim would need gigabytes.
 */
class AllocationGuardTest {
    /** A user class with a string field, read by Kryo's field serializer. */
    static final class Named {
        String name;
        List<Object> items;
    }

    /** The most stack-hungry nesting: one field-serialized object inside the next. */
    static final class Chain {
        Chain next;
    }

    private final Serialization serialization = CraftedMessages.serialization(List.of(
            LinkedList.class.getName(), Named.class.getName(), long[][].class.getName(), Chain.class.getName()));
    private final Kryo kryo = serialization.borrow();
    private final CraftedMessages messages = new CraftedMessages(kryo);

    @AfterEach
    void release() {
        serialization.release(kryo);
    }

    static Stream<Arguments> hugeClaims() {
        Consumer<Output> arrayLength = out -> out.writeVarInt(HUGE + 1, true);
        return Stream.of(
                Arguments.of("java.lang.Object[]", new Object[] {1}, arrayLength),
                Arguments.of("java.lang.String[]", new String[] {"a"}, arrayLength),
                Arguments.of("int[][]", new int[][] {{1}}, arrayLength),
                Arguments.of("long[][]", new long[][] {{1}}, arrayLength),
                Arguments.of("boolean[]", new boolean[] {true}, arrayLength),
                Arguments.of("char[]", new char[] {'c'}, arrayLength),
                Arguments.of("short[]", new short[] {1}, arrayLength),
                Arguments.of("float[]", new float[] {1}, arrayLength),
                Arguments.of("byte[]", new byte[] {1}, arrayLength),
                Arguments.of("int[]", new int[] {1}, arrayLength),
                Arguments.of("long[]", new long[] {1}, arrayLength),
                Arguments.of("double[]", new double[] {1}, arrayLength),
                Arguments.of("java.lang.String", "\u00e9t\u00e9", (Consumer<Output>) out ->
                        out.writeVarIntFlag(true, HUGE + 1, true)),
                Arguments.of("java.util.ArrayList", new ArrayList<>(List.of(1)), (Consumer<Output>) out ->
                        out.writeVarIntFlag(false, HUGE + 1, true)),
                Arguments.of("java.util.LinkedList", new LinkedList<>(List.of(1)), (Consumer<Output>) out ->
                        out.writeVarIntFlag(false, HUGE + 1, true)),
                Arguments.of("java.util.HashMap", new HashMap<>(Map.of(1, 2)), arrayLength));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hugeClaims")
    void hugeClaimedLengthIsRefusedBeforeAllocation(String typeName, Object sample, Consumer<Output> body) {
        KryoException e = messages.refused(messages.forged(sample, body));
        assertTrue(e.getMessage().contains(typeName + " claims " + HUGE + " elements"), e.getMessage());
    }

    @Test
    void stringFieldOfAUserClassAndIdentifierAddressAreBounded() {
        Named named = new Named();
        named.name = "\u00e9";
        KryoException e = messages.refused(messages.withHugeString(named));
        assertTrue(e.getMessage().contains("java.lang.String claims " + HUGE), e.getMessage());

        NodeIdentifier node = new NodeIdentifier("p", "1", Location.parse("a@b"), "tcp", new byte[] {7});
        byte[] id = messages.write(node);
        assertEquals(2, id[id.length - 2], "address length + 1, then the address");
        Output forgedId = new Output(64, -1);
        forgedId.writeBytes(id, 0, id.length - 2);
        forgedId.writeVarInt(HUGE + 1, true);
        e = messages.refused(forgedId.toBytes());
        assertTrue(e.getMessage().contains("satin.ipl.NodeIdentifier claims " + HUGE), e.getMessage());
    }

    @Test
    void aClassNameOnTheWireIsRefusedBeforeItsLengthIsUsed() {
        Output out = new Output(16, -1);
        out.writeVarInt(1, true); // Kryo's marker for a class given by name
        out.writeVarInt(1, true); // a name id not seen before, so the name itself follows
        out.writeVarIntFlag(true, HUGE, true);
        KryoException e = messages.refused(out.toBytes());
        assertTrue(e.getMessage().contains("by name, which is not registered"), e.getMessage());
    }

    /** An ArrayList with identity hash codes, so that a sender can build what a receiver cannot hash. */
    static final class IdentityList extends ArrayList<Object> {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    @Test
    void aMapKeyThatContainsTheMapIsAnErrorNotAStackOverflow() {
        Kryo sender = new Kryo();
        sender.setReferences(true);
        sender.register(IdentityList.class, new CollectionSerializer<>(), kryo.getRegistration(ArrayList.class).getId());
        sender.register(HashMap.class, new MapSerializer<>(), kryo.getRegistration(HashMap.class).getId());
        Map<Object, Object> map = new HashMap<>();
        for (int i = 0; i < 2; i++) {
            IdentityList key = new IdentityList();
            key.add(map);
            map.put(key, i);
        }
        Output out = new Output(64, -1);
        sender.writeClassAndObject(out, map);

        KryoException e = assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(out.toBytes())));
        assertTrue(e.getMessage().contains("recurse without end"), e.getMessage());
        assertEquals("still usable", kryo.readClassAndObject(new Input(messages.write("still usable"))));
    }

    @Test
    void nestedArraysThatEachClaimTheRestOfTheMessageAreRefusedAtTheSecondClaim() {
        int levels = 200;
        byte[] header = Arrays.copyOf(messages.write(new Object[0]), 2);
        Output out = new Output(64, -1);
        int messageSize = levels * 6 + 16;
        for (int i = 0; i < levels; i++) {
            out.writeBytes(header);
            out.writeVarInt(messageSize - out.position() - 5 + 1, true);
        }
        out.writeBytes(new byte[messageSize - out.position()]);
        KryoException e = messages.refused(out.toBytes());
        assertTrue(e.getMessage().contains("not already needed by elements claimed before"), e.getMessage());
    }

    @Test
    void everyKindStillRoundTrips() {
        Named named = new Named();
        named.name = "n\u00e4me";
        named.items = new ArrayList<>(List.of("x", new int[] {1, 2}, new HashMap<>(Map.of("k", new ArrayList<>()))));
        Object[] all = {new Object[] {"a", null, 3}, new String[] {"\u00fc", null, ""}, new int[][] {{1}, null},
            new long[][] {{1L, 2L}}, new boolean[] {true}, new char[] {'\u20ac'}, new short[] {7}, new float[] {2f},
            new byte[] {1}, new int[] {2}, new long[] {3}, new double[] {4}, "\u00e9t\u00e9 \u2603", "ascii",
            new LinkedList<>(List.of(1, "2")), new HashMap<>(Map.of("k", "v")), named,
            new ReceivePortIdentifier(new NodeIdentifier("p", "1", Location.parse("a@b"), "tcp", new byte[] {7}),
                    "port")};
        Input in = new Input(messages.write(all));
        Object[] back = (Object[]) kryo.readClassAndObject(in);
        for (int i = 0; i < all.length; i++) {
            if (all[i] instanceof Named n) {
                Named m = (Named) back[i];
                assertEquals(n.name, m.name);
                assertEquals(n.items.size(), m.items.size());
            } else {
                assertTrue(Arrays.deepEquals(new Object[] {all[i]}, new Object[] {back[i]}),
                        i + ": " + Arrays.deepToString(new Object[] {all[i], back[i]}));
            }
        }
        assertArrayEquals(new int[] {1, 2}, (int[]) ((Named) back[16]).items.get(1));
    }

    private static Object nestedArrays(int depth) {
        Object o = "leaf";
        for (int i = 0; i < depth; i++) {
            o = new Object[] {o};
        }
        return o;
    }

    private static Chain chain(int length) {
        Chain first = null;
        for (int i = 0; i < length; i++) {
            Chain c = new Chain();
            c.next = first;
            first = c;
        }
        return first;
    }

    /** Reads {@code message} in a thread with a 512 KiB stack; returns what it threw, if anything. */
    private Throwable readOnSmallStack(byte[] message) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(null, () -> {
            Kryo k = serialization.borrow();
            try {
                k.readClassAndObject(new Input(message));
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                serialization.release(k);
            }
        }, "small-stack-reader", 512 * 1024);
        reader.start();
        reader.join();
        return failure.get();
    }

    /** Deep garbage must be refused before it overflows even a small thread stack. */
    @Test
    void nestingIsCappedBelowWhatOverflowsASmallStack() throws Exception {
        assertEquals(null, readOnSmallStack(messages.write(nestedArrays(GuardedKryo.MAX_DEPTH - 2))));
        assertEquals(null, readOnSmallStack(messages.write(chain(GuardedKryo.MAX_DEPTH - 2))));
        KryoException tooDeep = assertThrows(KryoException.class,
                () -> messages.write(chain(GuardedKryo.MAX_DEPTH + 1)));
        assertTrue(tooDeep.getMessage().contains("depth"), "the sender is told too: " + tooDeep.getMessage());

        Output deep = new Output(1024, -1);
        byte[] header = Arrays.copyOf(messages.write(new Object[0]), 2);
        for (int i = 0; i < 100_000; i++) {
            deep.writeBytes(header);
            deep.writeVarInt(2, true);
        }
        KryoException e = assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(deep.toBytes())));
        assertTrue(String.valueOf(e.getMessage()).contains("depth"), e.getMessage());
    }
}
