package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import org.junit.jupiter.api.Test;

import satin.ipl.IplException;

class SerializationTest {
    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void hashDependsOnTheOrderedClassList() throws Exception {
        byte[] ab = new Serialization(List.of("java.util.TreeMap", "java.util.TreeSet"), loader).hash();
        byte[] ba = new Serialization(List.of("java.util.TreeSet", "java.util.TreeMap"), loader).hash();
        assertArrayEquals(ab, new Serialization(List.of("java.util.TreeMap", "java.util.TreeSet"), loader).hash());
        assertFalse(Arrays.equals(ab, ba));
        IplException e = assertThrows(IplException.class, () -> new Serialization(List.of("no.such.Type"), loader));
        assertTrue(e.getMessage().contains("no.such.Type"), e.getMessage());
    }

    @Test
    void arraysRoundTripAndHugeClaimedLengthsAreRefusedBeforeAllocation() throws Exception {
        Serialization s = new Serialization(List.of(), loader);
        Kryo kryo = s.borrow();
        Output out = new Output(64, -1);
        kryo.writeClassAndObject(out, new int[] {1, 2, 3});
        kryo.writeClassAndObject(out, new byte[] {4});
        kryo.writeClassAndObject(out, (Object) null);
        byte[] bytes = out.toBytes();
        Input in = new Input(bytes);
        assertArrayEquals(new int[] {1, 2, 3}, (int[]) kryo.readClassAndObject(in));
        assertArrayEquals(new byte[] {4}, (byte[]) kryo.readClassAndObject(in));
        assertEquals(null, kryo.readClassAndObject(in));

        assertEquals(4, bytes[2], "class id, reference marker, then length + 1");
        Output forged = new Output(16);
        forged.writeBytes(bytes, 0, 2);
        forged.writeVarInt(Integer.MAX_VALUE, true);
        KryoException e = assertThrows(KryoException.class, () -> kryo.readClassAndObject(new Input(forged.toBytes())));
        assertTrue(e.getMessage().contains("int[] claims " + (Integer.MAX_VALUE - 1) + " elements"), e.getMessage());
        s.release(kryo);
    }
}
