package satin.runtime.node.sim;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import satin.ipl.IplException;
import satin.ipl.ReadMessage;
import satin.ipl.SendPortIdentifier;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;
import satin.ipl.core.Serialization;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;

/**
 * The simulated wire: every message a simulated node sends is written by the real {@link Codec} into bytes and read
 * back by it at the receiver, objects (jobs, values) through the IPL's own Kryo configuration
 * ({@link Serialization}: registered classes only, the same field serializers as a run's). Primitives are big-endian
 * as {@link DataOutputStream} writes them, strings a length and UTF-8, an object a length and Kryo's bytes: the
 * framing is this class's own (the IPL's message framing is the IPL's to test), the content is the protocol's.
 */
final class SimWire {

    private final Serialization serialization;
    private final Codec codec = new Codec(SimWire.class.getClassLoader(), Codec.JobScope.PLAIN);

    SimWire() {
        try {
            serialization = new Serialization(List.of(SumJob.class.getName()), SimWire.class.getClassLoader());
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code message} as the bytes the codec writes; a reply's job that cannot be written is a harness error. */
    byte[] encode(Message message) {
        Out out = new Out();
        try {
            Codec.Unwritten unwritten = codec.write(message, out);
            if (unwritten != null) {
                throw new IllegalStateException("a simulated job could not be written: " + unwritten.cause());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + message + ": " + e, e);
        }
        return out.bytes.toByteArray();
    }

    /** The message the codec reads from {@code bytes}. */
    Message decode(byte[] bytes) {
        try {
            return codec.read(new In(bytes));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read a simulated message: " + e, e);
        }
    }

    private final class Out implements WriteMessage {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        final DataOutputStream out = new DataOutputStream(bytes);

        @Override
        public void writeBoolean(boolean v) throws IOException {
            out.writeBoolean(v);
        }

        @Override
        public void writeByte(byte v) throws IOException {
            out.writeByte(v);
        }

        @Override
        public void writeChar(char v) throws IOException {
            out.writeChar(v);
        }

        @Override
        public void writeShort(short v) throws IOException {
            out.writeShort(v);
        }

        @Override
        public void writeInt(int v) throws IOException {
            out.writeInt(v);
        }

        @Override
        public void writeLong(long v) throws IOException {
            out.writeLong(v);
        }

        @Override
        public void writeFloat(float v) throws IOException {
            out.writeFloat(v);
        }

        @Override
        public void writeDouble(double v) throws IOException {
            out.writeDouble(v);
        }

        @Override
        public void writeString(String v) throws IOException {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }

        @Override
        public void writeArray(byte[] v) throws IOException {
            out.write(v);
        }

        @Override
        public void writeArray(byte[] v, int offset, int length) throws IOException {
            out.write(v, offset, length);
        }

        @Override
        public void writeArray(int[] v) throws IOException {
            for (int x : v) {
                out.writeInt(x);
            }
        }

        @Override
        public void writeArray(long[] v) throws IOException {
            for (long x : v) {
                out.writeLong(x);
            }
        }

        @Override
        public void writeArray(double[] v) throws IOException {
            for (double x : v) {
                out.writeDouble(x);
            }
        }

        @Override
        public void writeByteBuffer(ByteBuffer v) throws IOException {
            while (v.hasRemaining()) {
                out.writeByte(v.get());
            }
        }

        @Override
        public void writeObject(Object v) throws IOException {
            Kryo kryo = serialization.borrow();
            Output o = new Output(64, -1);
            try {
                kryo.writeClassAndObject(o, v);
            } catch (KryoException | IllegalArgumentException e) {
                throw new UnregisteredClassException("cannot serialize " + v + ": " + e.getMessage(), e);
            } finally {
                serialization.release(kryo);
            }
            out.writeInt(o.position());
            out.write(o.getBuffer(), 0, o.position());
        }

        @Override
        public long bytesWritten() {
            return bytes.size();
        }

        @Override
        public long finish() {
            return bytes.size();
        }
    }

    private final class In implements ReadMessage {
        final ByteBuffer in;

        In(byte[] bytes) {
            in = ByteBuffer.wrap(bytes);
        }

        @Override
        public SendPortIdentifier origin() {
            return null;
        }

        @Override
        public boolean readBoolean() {
            return in.get() != 0;
        }

        @Override
        public byte readByte() {
            return in.get();
        }

        @Override
        public char readChar() {
            return in.getChar();
        }

        @Override
        public short readShort() {
            return in.getShort();
        }

        @Override
        public int readInt() {
            return in.getInt();
        }

        @Override
        public long readLong() {
            return in.getLong();
        }

        @Override
        public float readFloat() {
            return in.getFloat();
        }

        @Override
        public double readDouble() {
            return in.getDouble();
        }

        @Override
        public String readString() {
            byte[] b = new byte[in.getInt()];
            in.get(b);
            return new String(b, StandardCharsets.UTF_8);
        }

        @Override
        public void readArray(byte[] into) {
            in.get(into);
        }

        @Override
        public void readArray(byte[] into, int offset, int length) {
            in.get(into, offset, length);
        }

        @Override
        public void readArray(int[] into) {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.getInt();
            }
        }

        @Override
        public void readArray(long[] into) {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.getLong();
            }
        }

        @Override
        public void readArray(double[] into) {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.getDouble();
            }
        }

        @Override
        public void readByteBuffer(ByteBuffer into) {
            while (into.hasRemaining()) {
                into.put(in.get());
            }
        }

        @Override
        public Object readObject() throws IOException {
            byte[] b = new byte[in.getInt()];
            in.get(b);
            Kryo kryo = serialization.borrow();
            try {
                return kryo.readClassAndObject(new Input(b));
            } catch (KryoException e) {
                throw new IOException("cannot deserialize: " + e.getMessage(), e);
            } finally {
                serialization.release(kryo);
            }
        }

        @Override
        public ByteBuffer readSlice(int length) {
            ByteBuffer slice = in.slice().limit(length);
            in.position(in.position() + length);
            return slice.asReadOnlyBuffer();
        }

        @Override
        public long remaining() {
            return in.remaining();
        }

        @Override
        public long size() {
            return in.capacity();
        }

        @Override
        public void finish() {
        }
    }
}
