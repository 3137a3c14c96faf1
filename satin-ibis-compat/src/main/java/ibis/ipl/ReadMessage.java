package ibis.ipl;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A received message, read in the order it was written. Finish it when done: a receive port hands out the next
 * message only then (an upcall's message is finished when the upcall returns).
 */
public interface ReadMessage {
    /** The sequence number of a port's first message (port types with {@code communication.numbered}). */
    long INITIAL_SEQNO = 1;

    /** Releases the message; returns the bytes read. */
    long finish() throws IOException;

    /** A read failed: the message is released. */
    void finish(IOException exception);

    long bytesRead() throws IOException;

    /** The message's size in bytes. */
    int size() throws IOException;

    /** Bytes not yet read. */
    int remaining() throws IOException;

    ReceivePort localPort();

    /** The message's number (port types with {@code communication.numbered}). */
    long sequenceNumber();

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

    Object readObject() throws IOException, ClassNotFoundException;

    void readArray(boolean[] destination) throws IOException;

    void readArray(boolean[] destination, int offset, int length) throws IOException;

    void readArray(byte[] destination) throws IOException;

    void readArray(byte[] destination, int offset, int length) throws IOException;

    void readArray(char[] destination) throws IOException;

    void readArray(char[] destination, int offset, int length) throws IOException;

    void readArray(short[] destination) throws IOException;

    void readArray(short[] destination, int offset, int length) throws IOException;

    void readArray(int[] destination) throws IOException;

    void readArray(int[] destination, int offset, int length) throws IOException;

    void readArray(long[] destination) throws IOException;

    void readArray(long[] destination, int offset, int length) throws IOException;

    void readArray(float[] destination) throws IOException;

    void readArray(float[] destination, int offset, int length) throws IOException;

    void readArray(double[] destination) throws IOException;

    void readArray(double[] destination, int offset, int length) throws IOException;

    void readArray(Object[] destination) throws IOException, ClassNotFoundException;

    void readArray(Object[] destination, int offset, int length) throws IOException, ClassNotFoundException;

    /** Fills the buffer's remaining space. */
    void readByteBuffer(ByteBuffer value) throws IOException;
}
