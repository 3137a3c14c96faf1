package satin.runtime.node.wire;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.ipl.SendPortIdentifier;
import satin.ipl.WriteMessage;

/**
 * A message as plain bytes, for fuzzing {@link Codec#read} without a transport: primitives as
 * {@link DataOutputStream} writes them, strings as a length and UTF-8, and objects in a small format of this test's
 * own (a kind byte: null, a {@code Long}, a {@code String}, a {@code byte[]}, a {@link Job}), since object
 * serialization is the IPL's to fuzz ({@code ObjectReadFuzzTest}). Lengths are checked against what is left, as the
 * IPL checks them. The seeded simulation ({@code node.sim}) uses the same primitives with objects of its own (a
 * subclass overrides {@code writeObject} and {@code readObject}).
 */
public final class BytesMessage {

    private static final byte NULL = 0;
    private static final byte LONG = 1;
    private static final byte STRING = 2;
    private static final byte BYTES = 3;
    private static final byte JOB = 4;

    /** A job in this format: its one field travels. */
    static final class Job extends InvocationRecord {
        long argument;

        Job(long argument) {
            this.argument = argument;
        }

        @Override
        protected void execute() {
        }

        @Override
        public Object boxedResult() {
            return argument;
        }

        @Override
        public void boxedResult(Object value) {
            argument = (Long) value;
        }
    }

    private BytesMessage() {
    }

    /** Writes a message's bytes. */
    public static class Writer implements WriteMessage {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);

        public Writer() {
        }

        public final byte[] bytes() {
            return bytes.toByteArray();
        }

        /** Where a subclass writes its objects' bytes. */
        protected final DataOutputStream data() {
            return out;
        }

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
            if (v == null) {
                out.writeByte(NULL);
            } else if (v instanceof Long l) {
                out.writeByte(LONG);
                out.writeLong(l);
            } else if (v instanceof String s) {
                out.writeByte(STRING);
                writeString(s);
            } else if (v instanceof byte[] b) {
                out.writeByte(BYTES);
                out.writeInt(b.length);
                out.write(b);
            } else if (v instanceof Job j) {
                out.writeByte(JOB);
                out.writeLong(j.argument);
            } else {
                throw new IOException("this test's format has no " + v.getClass().getName());
            }
        }

        @Override
        public long bytesWritten() {
            return out.size();
        }

        @Override
        public long finish() {
            return out.size();
        }
    }

    /** Reads a message from bytes. */
    public static class Reader implements ReadMessage {
        private final DataInputStream in;
        private final int size;

        public Reader(byte[] message) {
            this.in = new DataInputStream(new ByteArrayInputStream(message));
            this.size = message.length;
        }

        @Override
        public SendPortIdentifier origin() {
            return null;
        }

        @Override
        public boolean readBoolean() throws IOException {
            return in.readBoolean();
        }

        @Override
        public byte readByte() throws IOException {
            return in.readByte();
        }

        @Override
        public char readChar() throws IOException {
            return in.readChar();
        }

        @Override
        public short readShort() throws IOException {
            return in.readShort();
        }

        @Override
        public int readInt() throws IOException {
            return in.readInt();
        }

        @Override
        public long readLong() throws IOException {
            return in.readLong();
        }

        @Override
        public float readFloat() throws IOException {
            return in.readFloat();
        }

        @Override
        public double readDouble() throws IOException {
            return in.readDouble();
        }

        @Override
        public String readString() throws IOException {
            return new String(bytes(in.readInt()), StandardCharsets.UTF_8);
        }

        /** The next {@code length} bytes, checked against what is left. */
        protected final byte[] bytes(int length) throws IOException {
            if (length < 0 || length > in.available()) {
                throw new EOFException("a length of " + length + " with " + in.available() + " bytes left");
            }
            return in.readNBytes(length);
        }

        @Override
        public void readArray(byte[] into) throws IOException {
            in.readFully(into);
        }

        @Override
        public void readArray(byte[] into, int offset, int length) throws IOException {
            in.readFully(into, offset, length);
        }

        @Override
        public void readArray(int[] into) throws IOException {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.readInt();
            }
        }

        @Override
        public void readArray(long[] into) throws IOException {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.readLong();
            }
        }

        @Override
        public void readArray(double[] into) throws IOException {
            for (int i = 0; i < into.length; i++) {
                into[i] = in.readDouble();
            }
        }

        @Override
        public void readByteBuffer(ByteBuffer into) throws IOException {
            while (into.hasRemaining()) {
                into.put(in.readByte());
            }
        }

        @Override
        public Object readObject() throws IOException {
            byte kind = in.readByte();
            return switch (kind) {
                case NULL -> null;
                case LONG -> in.readLong();
                case STRING -> readString();
                case BYTES -> bytes(in.readInt());
                case JOB -> new Job(in.readLong());
                default -> throw new IOException("no object of kind " + kind + " in this test's format");
            };
        }

        @Override
        public ByteBuffer readSlice(int length) throws IOException {
            return ByteBuffer.wrap(bytes(length));
        }

        @Override
        public long remaining() {
            try {
                return in.available();
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public void finish() {
        }
    }
}
