package satin.ibiscompat;

import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import ibis.ipl.IbisConfigurationException;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePort;
import ibis.ipl.SendPortIdentifier;

/**
 * A received message: the body the sender's {@link OutgoingMessage} encoded, copied out of the IPL message (which is
 * finished at once, so the IPL port can take the next one), decoded as it was written. {@link #finish()} tells the
 * receive port the program is done with it: an upcall port may then start the next upcall.
 */
final class IncomingMessage implements ReadMessage {
    private final CompatReceivePort port;
    private final PortTypes.Level level;
    private final SendPortIdentifier origin;
    private final int size;
    private final ByteArrayInputStream bytes;
    private final DataInput in;
    private final ProgramObjectInput objects;
    private final long sequenceNumber;
    private final boolean numbered;
    private volatile boolean done;

    IncomingMessage(CompatReceivePort port, PortTypes.Level level, boolean numbered, SendPortIdentifier origin,
            byte[] body, ClassLoader loader) throws IOException {
        this.port = port;
        this.level = level;
        this.origin = origin;
        this.size = body.length;
        this.numbered = numbered;
        this.bytes = new ByteArrayInputStream(body);
        DataInputStream data = new DataInputStream(bytes);
        this.sequenceNumber = numbered ? data.readLong() : -1;
        if (level == PortTypes.Level.OBJECT) {
            objects = new ProgramObjectInput(bytes, loader);
            in = objects;
        } else {
            objects = null;
            in = data;
        }
    }

    boolean isDone() {
        return done;
    }

    private void open() throws IOException {
        if (done) {
            throw new IOException("the message from " + origin + " is finished");
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
            throw new IOException(what + " needs object serialization; port type " + port.getPortType()
                    + " lacks it");
        }
    }

    @Override
    public long finish() {
        long read = size - bytes.available();
        if (!done) {
            done = true;
            port.finished(this);
        }
        return read;
    }

    @Override
    public void finish(IOException exception) {
        finish();
    }

    @Override
    public long bytesRead() {
        return size - bytes.available();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int remaining() {
        return bytes.available();
    }

    @Override
    public ReceivePort localPort() {
        return port;
    }

    @Override
    public long sequenceNumber() {
        if (!numbered) {
            throw new IbisConfigurationException("sequence numbers need " + ibis.ipl.PortType.COMMUNICATION_NUMBERED
                    + " in the port type");
        }
        return sequenceNumber;
    }

    @Override
    public SendPortIdentifier origin() {
        return origin;
    }

    @Override
    public boolean readBoolean() throws IOException {
        data("readBoolean");
        return in.readBoolean();
    }

    @Override
    public byte readByte() throws IOException {
        open();
        return in.readByte();
    }

    @Override
    public char readChar() throws IOException {
        data("readChar");
        return in.readChar();
    }

    @Override
    public short readShort() throws IOException {
        data("readShort");
        return in.readShort();
    }

    @Override
    public int readInt() throws IOException {
        data("readInt");
        return in.readInt();
    }

    @Override
    public long readLong() throws IOException {
        data("readLong");
        return in.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        data("readFloat");
        return in.readFloat();
    }

    @Override
    public double readDouble() throws IOException {
        data("readDouble");
        return in.readDouble();
    }

    @Override
    public String readString() throws IOException {
        data("readString");
        if (objects != null) {
            Object o = readObjectChecked();
            if (o != null && !(o instanceof String)) {
                throw new IOException("readString found a " + o.getClass().getName() + " in the message from "
                        + origin);
            }
            return (String) o;
        }
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        if (length > bytes.available()) {
            throw new IOException("a string of " + length + " bytes claimed, " + bytes.available() + " left in the"
                    + " message from " + origin);
        }
        byte[] utf8 = new byte[length];
        in.readFully(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    @Override
    public Object readObject() throws IOException, ClassNotFoundException {
        object("readObject");
        try {
            return objects.readObject();
        } catch (InvalidClassException e) {
            throw new IOException("cannot read an object from " + origin + ": " + e.getMessage(), e);
        }
    }

    private Object readObjectChecked() throws IOException {
        try {
            return objects.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot read an object from " + origin + ": class " + e.getMessage()
                    + " not found", e);
        }
    }

    /** On object ports: the next array object, copied into the slice; it must be of the slice's type and length. */
    private boolean fromObject(Object destination, int offset, int length) throws IOException {
        if (objects == null) {
            return false;
        }
        Object o = readObjectChecked();
        if (o == null || o.getClass() != destination.getClass()) {
            throw new IOException("readArray of a " + destination.getClass().getSimpleName() + " found "
                    + (o == null ? "null" : "a " + o.getClass().getSimpleName()) + " in the message from " + origin);
        }
        int n = Array.getLength(o);
        if (n != length) {
            throw new IOException("readArray of " + length + " elements found an array of " + n + " in the message"
                    + " from " + origin);
        }
        System.arraycopy(o, 0, destination, offset, length);
        return true;
    }

    @Override
    public void readArray(boolean[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(boolean[] destination, int offset, int length) throws IOException {
        data("readArray(boolean[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readBoolean();
            }
        }
    }

    @Override
    public void readArray(byte[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(byte[] destination, int offset, int length) throws IOException {
        open();
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            in.readFully(destination, offset, length);
        }
    }

    @Override
    public void readArray(char[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(char[] destination, int offset, int length) throws IOException {
        data("readArray(char[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readChar();
            }
        }
    }

    @Override
    public void readArray(short[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(short[] destination, int offset, int length) throws IOException {
        data("readArray(short[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readShort();
            }
        }
    }

    @Override
    public void readArray(int[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(int[] destination, int offset, int length) throws IOException {
        data("readArray(int[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readInt();
            }
        }
    }

    @Override
    public void readArray(long[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(long[] destination, int offset, int length) throws IOException {
        data("readArray(long[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readLong();
            }
        }
    }

    @Override
    public void readArray(float[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(float[] destination, int offset, int length) throws IOException {
        data("readArray(float[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readFloat();
            }
        }
    }

    @Override
    public void readArray(double[] destination) throws IOException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(double[] destination, int offset, int length) throws IOException {
        data("readArray(double[])");
        Management.checkSlice(destination.length, offset, length);
        if (!fromObject(destination, offset, length)) {
            for (int i = offset; i < offset + length; i++) {
                destination[i] = in.readDouble();
            }
        }
    }

    @Override
    public void readArray(Object[] destination) throws IOException, ClassNotFoundException {
        readArray(destination, 0, destination.length);
    }

    @Override
    public void readArray(Object[] destination, int offset, int length) throws IOException, ClassNotFoundException {
        object("readArray(Object[])");
        Management.checkSlice(destination.length, offset, length);
        Object o = objects.readObject();
        if (!(o instanceof Object[] array) || array.length != length) {
            throw new IOException("readArray of " + length + " objects found "
                    + (o == null ? "null" : "a " + o.getClass().getSimpleName()) + " in the message from " + origin);
        }
        System.arraycopy(array, 0, destination, offset, length);
    }

    @Override
    public void readByteBuffer(ByteBuffer value) throws IOException {
        open();
        byte[] b = new byte[value.remaining()];
        if (!fromObject(b, 0, b.length)) {
            in.readFully(b);
        }
        value.put(b);
    }
}
