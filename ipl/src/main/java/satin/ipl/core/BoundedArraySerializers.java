package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers.ObjectArraySerializer;

/**
 * Array serializers that refuse a length the message cannot hold before allocating (Kryo's own allocate
 * whatever length they read); see {@link LengthGuard}. Wire format of all arrays: varint length + 1, 0 for
 * null, then the elements. byte, int, long and double arrays are written here as fixed-size elements in
 * bulk; the other arrays keep Kryo's element format behind a length check.
 */
final class BoundedArraySerializers {
    private BoundedArraySerializers() {
    }

    /** The guarded serializer for any array class. */
    static Serializer<?> forArray(Kryo kryo, Class<?> type) {
        Class<?> element = type.getComponentType();
        if (element == byte.class) {
            return new Bytes();
        } else if (element == int.class) {
            return new Ints();
        } else if (element == long.class) {
            return new Longs();
        } else if (element == double.class) {
            return new Doubles();
        } else if (element == boolean.class) {
            return new LengthChecked<>(kryo.getDefaultSerializer(type), 1, type);
        } else if (element == char.class || element == short.class) {
            return new LengthChecked<>(kryo.getDefaultSerializer(type), 2, type);
        } else if (element == float.class) {
            return new LengthChecked<>(kryo.getDefaultSerializer(type), 4, type);
        }
        // also String[]: Kryo's StringArraySerializer may bypass the registered (bounded) String serializer
        return new LengthChecked<>(new ObjectArraySerializer(kryo, type), 1, type);
    }

    /** Peeks at the length that starts Kryo's array formats, checks it, then lets Kryo read the array. */
    private static final class LengthChecked<T> extends Serializer<T> {
        private final Serializer<T> kryoSerializer;
        private final int bytesEach;
        private final Class<?> type;

        @SuppressWarnings("unchecked")
        LengthChecked(Serializer<?> kryoSerializer, int bytesEach, Class<?> type) {
            this.kryoSerializer = (Serializer<T>) kryoSerializer;
            this.bytesEach = bytesEach;
            this.type = type;
            setAcceptsNull(kryoSerializer.getAcceptsNull());
        }

        @Override
        public void write(Kryo kryo, Output out, T array) {
            kryoSerializer.write(kryo, out, array);
        }

        @Override
        public T read(Kryo kryo, Input in, Class<? extends T> as) {
            int at = in.position();
            LengthGuard.arrayLength(kryo, in, bytesEach, type);
            in.setPosition(at);
            return kryoSerializer.read(kryo, in, as);
        }

        @Override
        public T copy(Kryo kryo, T original) {
            return kryoSerializer.copy(kryo, original);
        }
    }

    private static void writeLength(Output out, Object array, int length) {
        out.writeVarInt(array == null ? 0 : length + 1, true);
    }

    private static final class Bytes extends Serializer<byte[]> {
        Bytes() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, byte[] a) {
            writeLength(out, a, a == null ? 0 : a.length);
            if (a != null) {
                out.writeBytes(a);
            }
        }

        @Override
        public byte[] read(Kryo kryo, Input in, Class<? extends byte[]> type) {
            int n = LengthGuard.arrayLength(kryo, in, 1, byte[].class);
            return n < 0 ? null : in.readBytes(n);
        }
    }

    private static final class Ints extends Serializer<int[]> {
        Ints() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, int[] a) {
            writeLength(out, a, a == null ? 0 : a.length);
            if (a != null) {
                out.writeInts(a, 0, a.length);
            }
        }

        @Override
        public int[] read(Kryo kryo, Input in, Class<? extends int[]> type) {
            int n = LengthGuard.arrayLength(kryo, in, 4, int[].class);
            return n < 0 ? null : in.readInts(n);
        }
    }

    private static final class Longs extends Serializer<long[]> {
        Longs() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, long[] a) {
            writeLength(out, a, a == null ? 0 : a.length);
            if (a != null) {
                out.writeLongs(a, 0, a.length);
            }
        }

        @Override
        public long[] read(Kryo kryo, Input in, Class<? extends long[]> type) {
            int n = LengthGuard.arrayLength(kryo, in, 8, long[].class);
            return n < 0 ? null : in.readLongs(n);
        }
    }

    private static final class Doubles extends Serializer<double[]> {
        Doubles() {
            setAcceptsNull(true);
        }

        @Override
        public void write(Kryo kryo, Output out, double[] a) {
            writeLength(out, a, a == null ? 0 : a.length);
            if (a != null) {
                out.writeDoubles(a, 0, a.length);
            }
        }

        @Override
        public double[] read(Kryo kryo, Input in, Class<? extends double[]> type) {
            int n = LengthGuard.arrayLength(kryo, in, 8, double[].class);
            return n < 0 ? null : in.readDoubles(n);
        }
    }
}
