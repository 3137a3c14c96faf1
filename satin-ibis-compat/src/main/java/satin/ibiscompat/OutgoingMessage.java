package satin.ibiscompat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import ibis.ipl.SendPort;
import ibis.ipl.WriteMessage;

/**
 * A message being written: its body is encoded here, into memory, and sent as one IPL message by {@link #finish()}.
 * Byte and data ports write primitives big-endian ({@link DataOutputStream}), a string as its UTF-8 length (-1 for
 * null) and bytes, an array as its elements. Object ports write everything through one {@link ObjectOutputStream}
 * per message (so an object written twice goes once, as the API says) and an array from {@code writeArray} as an
 * unshared array object, which {@code readArray} and {@code readObject} both read. A port with
 * {@code communication.numbered} puts the message's number first. Data is copied as it is written, so the program
 * may change it at once.
 */
final class OutgoingMessage implements WriteMessage {
    private final CompatSendPort port;
    private final PortTypes.Level level;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private final DataOutputStream header = new DataOutputStream(bytes);
    private final DataOutput out;
    private final ObjectOutputStream objects;
    private int tickets;
    private boolean done;

    OutgoingMessage(CompatSendPort port, PortTypes.Level level, long sequenceNumber) throws IOException {
        this.port = port;
        this.level = level;
        if (sequenceNumber >= 0) {
            header.writeLong(sequenceNumber);
        }
        if (level == PortTypes.Level.OBJECT) {
            objects = new ObjectOutputStream(bytes);
            out = objects;
        } else {
            objects = null;
            out = header;
        }
    }

    private void open() throws IOException {
        if (done) {
            throw new IOException("the message of " + port.identifier() + " is finished");
        }
    }

    private void data(String what) throws IOException {
        open();
        if (level == PortTypes.Level.BYTE) {
            throw new IOException(what + " needs data or object serialization; port type " + port.getPortType()
                    + " has byte serialization only");
        }
    }

    private void object(String what) throws IOException {
        open();
        if (level != PortTypes.Level.OBJECT) {
            throw new IOException(what + " needs object serialization (" + ibis.ipl.PortType.SERIALIZATION_OBJECT
                    + "); port type " + port.getPortType() + " lacks it");
        }
    }

    @Override
    public int send() throws IOException {
        open();
        return tickets++;
    }

    @Override
    public void sync(int ticket) throws IOException {
        open();
    }

    @Override
    public void flush() throws IOException {
        open();
    }

    @Override
    public void reset() throws IOException {
        open();
        if (objects != null) {
            objects.reset();
        }
    }

    @Override
    public long finish() throws IOException {
        open();
        done = true;
        if (objects != null) {
            objects.flush();
        }
        return port.send(this, bytes.toByteArray());
    }

    @Override
    public void finish(IOException exception) {
        if (!done) {
            done = true;
            port.abandon(this);
        }
    }

    @Override
    public long bytesWritten() throws IOException {
        if (objects != null) {
            objects.flush();
        }
        return bytes.size();
    }

    @Override
    public int capacity() {
        return -1;
    }

    @Override
    public int remaining() {
        return -1;
    }

    @Override
    public SendPort localPort() {
        return port;
    }

    @Override
    public void writeBoolean(boolean value) throws IOException {
        data("writeBoolean");
        out.writeBoolean(value);
    }

    @Override
    public void writeByte(byte value) throws IOException {
        open();
        out.writeByte(value);
    }

    @Override
    public void writeChar(char value) throws IOException {
        data("writeChar");
        out.writeChar(value);
    }

    @Override
    public void writeShort(short value) throws IOException {
        data("writeShort");
        out.writeShort(value);
    }

    @Override
    public void writeInt(int value) throws IOException {
        data("writeInt");
        out.writeInt(value);
    }

    @Override
    public void writeLong(long value) throws IOException {
        data("writeLong");
        out.writeLong(value);
    }

    @Override
    public void writeFloat(float value) throws IOException {
        data("writeFloat");
        out.writeFloat(value);
    }

    @Override
    public void writeDouble(double value) throws IOException {
        data("writeDouble");
        out.writeDouble(value);
    }

    @Override
    public void writeString(String value) throws IOException {
        data("writeString");
        if (objects != null) {
            objects.writeObject(value);
            return;
        }
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    @Override
    public void writeObject(Object value) throws IOException {
        object("writeObject");
        objects.writeObject(value);
    }

    /** An array slice: an unshared array object on object ports, its elements otherwise. */
    private boolean asObject(Object slice) throws IOException {
        if (objects == null) {
            return false;
        }
        objects.writeUnshared(slice);
        return true;
    }

    @Override
    public void writeArray(boolean[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(boolean[] value, int offset, int length) throws IOException {
        data("writeArray(boolean[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeBoolean(value[i]);
            }
        }
    }

    @Override
    public void writeArray(byte[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(byte[] value, int offset, int length) throws IOException {
        open();
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            out.write(value, offset, length);
        }
    }

    @Override
    public void writeArray(char[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(char[] value, int offset, int length) throws IOException {
        data("writeArray(char[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeChar(value[i]);
            }
        }
    }

    @Override
    public void writeArray(short[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(short[] value, int offset, int length) throws IOException {
        data("writeArray(short[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeShort(value[i]);
            }
        }
    }

    @Override
    public void writeArray(int[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(int[] value, int offset, int length) throws IOException {
        data("writeArray(int[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeInt(value[i]);
            }
        }
    }

    @Override
    public void writeArray(long[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(long[] value, int offset, int length) throws IOException {
        data("writeArray(long[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeLong(value[i]);
            }
        }
    }

    @Override
    public void writeArray(float[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(float[] value, int offset, int length) throws IOException {
        data("writeArray(float[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeFloat(value[i]);
            }
        }
    }

    @Override
    public void writeArray(double[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(double[] value, int offset, int length) throws IOException {
        data("writeArray(double[])");
        Management.checkSlice(value.length, offset, length);
        if (!asObject(Arrays.copyOfRange(value, offset, offset + length))) {
            for (int i = offset; i < offset + length; i++) {
                out.writeDouble(value[i]);
            }
        }
    }

    @Override
    public void writeArray(Object[] value) throws IOException {
        writeArray(value, 0, value.length);
    }

    @Override
    public void writeArray(Object[] value, int offset, int length) throws IOException {
        object("writeArray(Object[])");
        Management.checkSlice(value.length, offset, length);
        objects.writeUnshared(Arrays.copyOfRange(value, offset, offset + length));
    }

    @Override
    public void writeByteBuffer(ByteBuffer value) throws IOException {
        open();
        byte[] b = new byte[value.remaining()];
        value.get(b);
        if (!asObject(b)) {
            out.write(b);
        }
    }
}
