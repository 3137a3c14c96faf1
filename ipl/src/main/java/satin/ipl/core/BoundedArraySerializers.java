package satin.ipl.core;

import java.util.Map;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Primitive-array serializers that refuse a length the message cannot hold before allocating, so a
 * hostile or corrupt message cannot make a node allocate gigabytes (Kryo's own serializers allocate
 * whatever length they read). Wire format: varint length + 1, 0 for null, then the elements.
 */
final class BoundedArraySerializers {
    private BoundedArraySerializers() {
    }

    static Map<Class<?>, Serializer<?>> all() {
        return Map.of(byte[].class, new Bytes(), int[].class, new Ints(), long[].class, new Longs(),
                double[].class, new Doubles());
    }

    /** Reads the length and checks it against what is left in the input; -1 means null. */
    static int length(Input in, int elementSize) {
        int n = in.readVarInt(true) - 1;
        if (n < -1 || (long) n * elementSize > in.limit() - in.position()) {
            throw new KryoException("array of " + n + " elements does not fit in the message");
        }
        return n;
    }

    private static final class Bytes extends Serializer<byte[]> {
        Bytes() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, byte[] a) {
            out.writeVarInt(a == null ? 0 : a.length + 1, true);
            if (a != null) {
                out.writeBytes(a);
            }
        }

        @Override
        public byte[] read(Kryo kryo, Input in, Class<? extends byte[]> type) {
            int n = length(in, 1);
            return n < 0 ? null : in.readBytes(n);
        }
    }

    private static final class Ints extends Serializer<int[]> {
        Ints() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, int[] a) {
            out.writeVarInt(a == null ? 0 : a.length + 1, true);
            if (a != null) {
                out.writeInts(a, 0, a.length);
            }
        }

        @Override
        public int[] read(Kryo kryo, Input in, Class<? extends int[]> type) {
            int n = length(in, 4);
            return n < 0 ? null : in.readInts(n);
        }
    }

    private static final class Longs extends Serializer<long[]> {
        Longs() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, long[] a) {
            out.writeVarInt(a == null ? 0 : a.length + 1, true);
            if (a != null) {
                out.writeLongs(a, 0, a.length);
            }
        }

        @Override
        public long[] read(Kryo kryo, Input in, Class<? extends long[]> type) {
            int n = length(in, 8);
            return n < 0 ? null : in.readLongs(n);
        }
    }

    private static final class Doubles extends Serializer<double[]> {
        Doubles() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, double[] a) {
            out.writeVarInt(a == null ? 0 : a.length + 1, true);
            if (a != null) {
                out.writeDoubles(a, 0, a.length);
            }
        }

        @Override
        public double[] read(Kryo kryo, Input in, Class<? extends double[]> type) {
            int n = length(in, 8);
            return n < 0 ? null : in.readDoubles(n);
        }
    }
}
