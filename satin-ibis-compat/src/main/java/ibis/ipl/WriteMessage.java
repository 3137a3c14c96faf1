package ibis.ipl;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A message being written on a {@link SendPort}; {@link #finish()} sends it to every connected receive port. Reads
 * must match writes one by one, except that an array written with {@code writeArray} may be read with
 * {@link ReadMessage#readObject()} on an object port. Which calls a port allows depends on its serialization
 * capability: byte ports take bytes only, data ports primitives, arrays and strings, object ports objects too.
 */
public interface WriteMessage {
    /** Starts sending; returns a ticket for {@link #sync(int)}. Data is copied as it is written here. */
    int send() throws IOException;

    /** Waits until the data of that send may be reused (at once here: data is copied as it is written). */
    void sync(int ticket) throws IOException;

    void flush() throws IOException;

    /** Forgets which objects were written, so they are written again in full. */
    void reset() throws IOException;

    /** Sends the message; returns its size in bytes. */
    long finish() throws IOException;

    /** A write failed: the message is dropped and the port is free for the next one. */
    void finish(IOException exception);

    long bytesWritten() throws IOException;

    /** -1: messages have no size limit. */
    int capacity() throws IOException;

    /** -1: messages have no size limit. */
    int remaining() throws IOException;

    SendPort localPort();

    void writeBoolean(boolean value) throws IOException;

    void writeByte(byte value) throws IOException;

    void writeChar(char value) throws IOException;

    void writeShort(short value) throws IOException;

    void writeInt(int value) throws IOException;

    void writeLong(long value) throws IOException;

    void writeFloat(float value) throws IOException;

    void writeDouble(double value) throws IOException;

    void writeString(String value) throws IOException;

    /** A {@code Serializable} object (object ports); an object already written in this message is sent as a handle. */
    void writeObject(Object value) throws IOException;

    void writeArray(boolean[] value) throws IOException;

    void writeArray(boolean[] value, int offset, int length) throws IOException;

    void writeArray(byte[] value) throws IOException;

    void writeArray(byte[] value, int offset, int length) throws IOException;

    void writeArray(char[] value) throws IOException;

    void writeArray(char[] value, int offset, int length) throws IOException;

    void writeArray(short[] value) throws IOException;

    void writeArray(short[] value, int offset, int length) throws IOException;

    void writeArray(int[] value) throws IOException;

    void writeArray(int[] value, int offset, int length) throws IOException;

    void writeArray(long[] value) throws IOException;

    void writeArray(long[] value, int offset, int length) throws IOException;

    void writeArray(float[] value) throws IOException;

    void writeArray(float[] value, int offset, int length) throws IOException;

    void writeArray(double[] value) throws IOException;

    void writeArray(double[] value, int offset, int length) throws IOException;

    void writeArray(Object[] value) throws IOException;

    void writeArray(Object[] value, int offset, int length) throws IOException;

    /** The buffer's remaining bytes (its position moves to its limit). */
    void writeByteBuffer(ByteBuffer value) throws IOException;
}
