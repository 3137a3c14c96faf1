package satin.ipl;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A message being written on a {@link SendPort}. Data is streamed in; {@link #finish()} sends it to every
 * connected receive port. A send port has at most one message in progress; {@link SendPort#newMessage()}
 * waits for the previous one to finish. Which calls are allowed depends on the port's serialization
 * level: bytes allows byte arrays and byte buffers, data adds primitives and strings, object adds objects.
 */
public interface WriteMessage {
    void writeBoolean(boolean v) throws IOException;

    void writeByte(byte v) throws IOException;

    void writeChar(char v) throws IOException;

    void writeShort(short v) throws IOException;

    void writeInt(int v) throws IOException;

    void writeLong(long v) throws IOException;

    void writeFloat(float v) throws IOException;

    void writeDouble(double v) throws IOException;

    /** A string as UTF-8 with a length prefix (data level). */
    void writeString(String v) throws IOException;

    /** Raw bytes; the reader must know the length ({@link ReadMessage#readArray(byte[])}). */
    void writeArray(byte[] v) throws IOException;

    void writeArray(byte[] v, int offset, int length) throws IOException;

    void writeArray(int[] v) throws IOException;

    void writeArray(long[] v) throws IOException;

    void writeArray(double[] v) throws IOException;

    /** The remaining bytes of the buffer (its position advances to its limit). */
    void writeByteBuffer(ByteBuffer v) throws IOException;

    /** An object graph via Kryo (object level); its classes must be registered. */
    void writeObject(Object v) throws IOException;

    /** Bytes written so far. */
    long bytesWritten();

    /** Sends the message; returns its size in bytes. */
    long finish() throws IOException;
}
