package satin.ipl.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

import satin.ipl.IplException;
import satin.ipl.ReadMessage;
import satin.ipl.SendPortIdentifier;
import satin.ipl.UnregisteredClassException;

/** A complete received message, read from its array; finishing returns the channel's credit. */
final class MessageReaderImpl implements ReadMessage {
    private final byte[] data;
    private final int size;
    private final SendPortIdentifier origin;
    private final InChannel channel;
    private final int credit;
    private final Serialization serialization;
    private int pos;
    private boolean finished;

    MessageReaderImpl(byte[] data, int size, SendPortIdentifier origin, InChannel channel, int credit,
            Serialization serialization) {
        this.data = data;
        this.size = size;
        this.origin = origin;
        this.channel = channel;
        this.credit = credit;
        this.serialization = serialization;
    }

    /** The message's first byte, whatever has been read; only for a non-empty message. */
    byte lead() {
        return data[0];
    }

    /** Returns this message's flow-control credit to its sender; done when the application takes it. */
    void taken() {
        channel.taken(credit);
    }

    private int take(int n) throws IplException {
        if (finished) {
            throw new IplException("message already finished");
        }
        if (n < 0 || n > size - pos) {
            throw new IplException("read past the end of the message from " + origin + ": need " + n
                    + " bytes, " + (size - pos) + " left");
        }
        int at = pos;
        pos += n;
        return at;
    }

    @Override
    public SendPortIdentifier origin() {
        return origin;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return data[take(1)] != 0;
    }

    @Override
    public byte readByte() throws IOException {
        return data[take(1)];
    }

    @Override
    public char readChar() throws IOException {
        return (char) readShort();
    }

    @Override
    public short readShort() throws IOException {
        int at = take(2);
        return (short) ((data[at] << 8) | (data[at + 1] & 0xff));
    }

    @Override
    public int readInt() throws IOException {
        int at = take(4);
        return getInt(at);
    }

    private int getInt(int at) {
        return (data[at] << 24) | ((data[at + 1] & 0xff) << 16) | ((data[at + 2] & 0xff) << 8) | (data[at + 3] & 0xff);
    }

    @Override
    public long readLong() throws IOException {
        int at = take(8);
        return ((long) getInt(at) << 32) | (getInt(at + 4) & 0xffffffffL);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readString() throws IOException {
        int n = readInt();
        int at = take(n);
        return new String(data, at, n, StandardCharsets.UTF_8);
    }

    @Override
    public void readArray(byte[] into) throws IOException {
        readArray(into, 0, into.length);
    }

    @Override
    public void readArray(byte[] into, int offset, int length) throws IOException {
        System.arraycopy(data, take(length), into, offset, length);
    }

    @Override
    public void readArray(int[] into) throws IOException {
        ByteBuffer.wrap(data, take(into.length * 4), into.length * 4).asIntBuffer().get(into);
    }

    @Override
    public void readArray(long[] into) throws IOException {
        ByteBuffer.wrap(data, take(into.length * 8), into.length * 8).asLongBuffer().get(into);
    }

    @Override
    public void readArray(double[] into) throws IOException {
        ByteBuffer.wrap(data, take(into.length * 8), into.length * 8).asDoubleBuffer().get(into);
    }

    @Override
    public void readByteBuffer(ByteBuffer into) throws IOException {
        int n = into.remaining();
        into.put(data, take(n), n);
    }

    @Override
    public Object readObject() throws IOException {
        take(0);
        Kryo kryo = serialization.borrow();
        try {
            Input in = new BoundedInput(data, 0, size);
            in.setPosition(pos);
            Object o = kryo.readClassAndObject(in);
            pos = in.position();
            return o;
        } catch (KryoException | IllegalArgumentException | IndexOutOfBoundsException e) {
            String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            if (first.contains("unregistered") || first.contains("not registered")) {
                throw new UnregisteredClassException("message from " + origin + " names a class that is not"
                        + " registered here: " + first, e);
            }
            throw new IplException("cannot deserialize object from " + origin + ": " + first, e);
        } finally {
            serialization.release(kryo);
        }
    }

    @Override
    public ByteBuffer readSlice(int length) throws IOException {
        return ByteBuffer.wrap(data, take(length), length).slice().asReadOnlyBuffer();
    }

    @Override
    public long remaining() {
        return size - pos;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public void finish() {
        finished = true;
    }
}
