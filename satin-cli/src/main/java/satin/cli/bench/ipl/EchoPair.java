package satin.cli.bench.ipl;

/**
 * Two endpoints measured the same way: a ping-pong round trip and a one-way stream ended by a one-byte
 * acknowledgement. Implemented by the raw Netty baseline and by the IPL.
 */
interface EchoPair extends AutoCloseable {
    /** Sends the payload and waits until the same number of bytes came back. */
    void roundTrip(byte[] payload) throws Exception;

    /** Round trip of an int[] payload (byte-order conversion on both sides). */
    default void roundTripInts(int[] payload) throws Exception {
        throw new UnsupportedOperationException();
    }

    /** Streams {@code count} messages one way, then waits for the receiver's acknowledgement. */
    void stream(byte[] payload, int count) throws Exception;

    @Override
    void close() throws java.io.IOException;
}
