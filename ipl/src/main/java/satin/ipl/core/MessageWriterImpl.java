package satin.ipl.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Output;

import io.netty.buffer.ByteBuf;

import satin.ipl.IplException;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;

/**
 * Writes a message (big-endian) into one growable buffer that the send port chose: pooled direct memory
 * when every connection's transport takes pooled buffers, so that the bytes the application writes are the
 * bytes the socket sends, with no further copy; otherwise a heap buffer that is never reused, so that
 * transports may keep views of it. {@link #finish()} hands the buffer to the send port, which fragments it
 * over every connection. Objects go through Kryo into a scratch buffer of the port, then into the message.
 */
final class MessageWriterImpl implements WriteMessage {
    private final SendPortImpl port;
    private final int level;
    private final ByteBuf buf;
    /** Set once, by whichever of finish and abandon (port closed) comes first. */
    private final AtomicBoolean finished = new AtomicBoolean();

    MessageWriterImpl(SendPortImpl port, ByteBuf buf) {
        this.port = port;
        this.level = SerializationLevel.of(port.type());
        this.buf = buf;
    }

    private void ensure(int n) throws IplException {
        check();
        if (n > buf.maxWritableBytes()) {
            throw new IplException("message larger than " + buf.maxCapacity() + " bytes");
        }
    }

    private void check() throws IplException {
        if (finished.get()) {
            throw new IplException(!port.isOpen() ? "send port " + port.identifier()
                    + " was closed while this message was being written" : "message already finished");
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
        buf.writeByte(v);
    }

    @Override
    public void writeChar(char v) throws IOException {
        writeShort((short) v);
    }

    @Override
    public void writeShort(short v) throws IOException {
        need(SerializationLevel.DATA, "a short");
        ensure(2);
        buf.writeShort(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        need(SerializationLevel.DATA, "an int");
        ensure(4);
        buf.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        need(SerializationLevel.DATA, "a long");
        ensure(8);
        buf.writeLong(v);
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
        ensure(4 + b.length);
        buf.writeInt(b.length);
        buf.writeBytes(b);
    }

    @Override
    public void writeArray(byte[] v) throws IOException {
        writeArray(v, 0, v.length);
    }

    @Override
    public void writeArray(byte[] v, int offset, int length) throws IOException {
        ensure(length);
        buf.writeBytes(v, offset, length);
    }

    /** Reserves {@code bytes} for a primitive array and returns a big-endian view of them. */
    private ByteBuffer arraySlot(long bytes, String what) throws IOException {
        need(SerializationLevel.DATA, what);
        if (bytes > Integer.MAX_VALUE) {
            throw new IplException("array of " + bytes + " bytes does not fit in a message");
        }
        ensure((int) bytes);
        int at = buf.writerIndex();
        buf.ensureWritable((int) bytes);
        buf.writerIndex(at + (int) bytes);
        return buf.nioBuffer(at, (int) bytes);
    }

    @Override
    public void writeArray(int[] v) throws IOException {
        arraySlot(v.length * 4L, "an int array").asIntBuffer().put(v);
    }

    @Override
    public void writeArray(long[] v) throws IOException {
        arraySlot(v.length * 8L, "a long array").asLongBuffer().put(v);
    }

    @Override
    public void writeArray(double[] v) throws IOException {
        arraySlot(v.length * 8L, "a double array").asDoubleBuffer().put(v);
    }

    @Override
    public void writeByteBuffer(ByteBuffer v) throws IOException {
        ensure(v.remaining());
        buf.writeBytes(v);
    }

    @Override
    public void writeObject(Object v) throws IOException {
        need(SerializationLevel.OBJECT, "an object");
        check();
        Kryo kryo = port.serialization().borrow();
        Output out = port.objectScratch();
        try {
            kryo.writeClassAndObject(out, v);
        } catch (IllegalArgumentException | KryoException e) {
            throw unregistered(e, v);
        } finally {
            port.serialization().release(kryo);
        }
        ensure(out.position());
        buf.writeBytes(out.getBuffer(), 0, out.position());
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
        return buf.writerIndex();
    }

    @Override
    public long finish() throws IOException {
        check();
        if (!finished.compareAndSet(false, true)) {
            check();
        }
        return port.send(buf);
    }

    /** Frees the buffer of a message that will never be finished (its port closed). */
    void abandon() {
        if (finished.compareAndSet(false, true)) {
            buf.release();
        }
    }
}
