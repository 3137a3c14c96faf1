package satin.ipl.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Output;

import satin.ipl.IplException;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;

/**
 * Writes a message into a fresh growable array (big-endian); {@link #finish()} hands the array to the send
 * port, which fragments it over every connection. The array is never reused, so transports may send it
 * without copying. Objects go through Kryo directly into the same array.
 */
final class MessageWriterImpl implements WriteMessage {
    private final SendPortImpl port;
    private final int level;
    private byte[] buf = new byte[256];
    private int pos;
    private boolean finished;

    MessageWriterImpl(SendPortImpl port) {
        this.port = port;
        this.level = SerializationLevel.of(port.type());
    }

    private void ensure(int n) throws IplException {
        check();
        if (pos + n > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) pos + n);
            if (want > Integer.MAX_VALUE - 16) {
                throw new IplException("message larger than 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }

    private void check() throws IplException {
        if (finished) {
            throw new IplException("message already finished");
        }
    }

    private void need(int required, String what) {
        if (level < required) {
            throw new IllegalStateException("cannot write " + what + " on " + port.type()
                    + ": needs " + SerializationLevel.name(required) + " or higher");
        }
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        writeByteUnchecked(v ? 1 : 0, SerializationLevel.DATA, "a boolean");
    }

    @Override
    public void writeByte(byte v) throws IOException {
        writeByteUnchecked(v, SerializationLevel.BYTES, "a byte");
    }

    private void writeByteUnchecked(int v, int required, String what) throws IOException {
        need(required, what);
        ensure(1);
        buf[pos++] = (byte) v;
    }

    @Override
    public void writeChar(char v) throws IOException {
        writeShort((short) v);
    }

    @Override
    public void writeShort(short v) throws IOException {
        need(SerializationLevel.DATA, "a short");
        ensure(2);
        buf[pos++] = (byte) (v >> 8);
        buf[pos++] = (byte) v;
    }

    @Override
    public void writeInt(int v) throws IOException {
        need(SerializationLevel.DATA, "an int");
        ensure(4);
        putInt(v);
    }

    private void putInt(int v) {
        buf[pos++] = (byte) (v >>> 24);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
    }

    @Override
    public void writeLong(long v) throws IOException {
        need(SerializationLevel.DATA, "a long");
        ensure(8);
        putInt((int) (v >>> 32));
        putInt((int) v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeInt(Float.floatToRawIntBits(v));
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToRawLongBits(v));
    }

    @Override
    public void writeString(String v) throws IOException {
        need(SerializationLevel.DATA, "a string");
        byte[] b = v.getBytes(StandardCharsets.UTF_8);
        writeInt(b.length);
        ensure(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
    }

    @Override
    public void writeArray(byte[] v) throws IOException {
        writeArray(v, 0, v.length);
    }

    @Override
    public void writeArray(byte[] v, int offset, int length) throws IOException {
        ensure(length);
        System.arraycopy(v, offset, buf, pos, length);
        pos += length;
    }

    /** Reserves {@code bytes} for a primitive array and returns a view of them. */
    private ByteBuffer arraySlot(int bytes, String what) throws IOException {
        need(SerializationLevel.DATA, what);
        ensure(bytes);
        ByteBuffer slot = ByteBuffer.wrap(buf, pos, bytes);
        pos += bytes;
        return slot;
    }

    @Override
    public void writeArray(int[] v) throws IOException {
        arraySlot(v.length * 4, "an int array").asIntBuffer().put(v);
    }

    @Override
    public void writeArray(long[] v) throws IOException {
        arraySlot(v.length * 8, "a long array").asLongBuffer().put(v);
    }

    @Override
    public void writeArray(double[] v) throws IOException {
        arraySlot(v.length * 8, "a double array").asDoubleBuffer().put(v);
    }

    @Override
    public void writeByteBuffer(ByteBuffer v) throws IOException {
        int n = v.remaining();
        ensure(n);
        v.get(buf, pos, n);
        pos += n;
    }

    @Override
    public void writeObject(Object v) throws IOException {
        need(SerializationLevel.OBJECT, "an object");
        check();
        Kryo kryo = port.serialization().borrow();
        Output out = new Output(buf, -1);
        out.setPosition(pos);
        try {
            kryo.writeClassAndObject(out, v);
        } catch (IllegalArgumentException | KryoException e) {
            throw unregistered(e, v);
        } finally {
            port.serialization().release(kryo);
        }
        buf = out.getBuffer();
        pos = out.position();
    }

    private IOException unregistered(RuntimeException e, Object v) {
        String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        if (first.contains("not registered")) {
            return new UnregisteredClassException(first + " (writing a " + v.getClass().getName()
                    + "); add it to ipl.serialization.classes on every node", e);
        }
        return new IplException("cannot serialize a " + v.getClass().getName() + ": " + first, e);
    }

    @Override
    public long bytesWritten() {
        return pos;
    }

    @Override
    public long finish() throws IOException {
        check();
        finished = true;
        return port.send(buf, pos);
    }

    /** Dropped without sending (e.g. after a write failed). */
    boolean isFinished() {
        return finished;
    }
}
