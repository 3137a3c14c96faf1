package satin.ipl;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A received message, read in the order it was written. Reading past its end throws. A receive port
 * hands out the next message only after this one is finished.
 */
public interface ReadMessage {
    SendPortIdentifier origin();

    boolean readBoolean() throws IOException;

    byte readByte() throws IOException;

    char readChar() throws IOException;

    short readShort() throws IOException;

    int readInt() throws IOException;

    long readLong() throws IOException;

    float readFloat() throws IOException;

    double readDouble() throws IOException;

    String readString() throws IOException;

    /** Fills the whole array. */
    void readArray(byte[] into) throws IOException;

    void readArray(byte[] into, int offset, int length) throws IOException;

    void readArray(int[] into) throws IOException;

    void readArray(long[] into) throws IOException;

    void readArray(double[] into) throws IOException;

    /** Fills the buffer's remaining space. */
    void readByteBuffer(ByteBuffer into) throws IOException;

    Object readObject() throws IOException;

    /**
     * The next {@code length} bytes as a read-only view, without copying; valid until {@link #finish()}.
     * For large payloads that are processed in place.
     */
    ByteBuffer readSlice(int length) throws IOException;

    /** Bytes not yet read. */
    long remaining();

    /** Total size of the message in bytes. */
    long size();

    /** Releases the message; further reads throw. Idempotent. */
    void finish() throws IOException;
}
