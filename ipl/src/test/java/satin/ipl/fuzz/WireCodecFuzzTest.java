package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;


import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.Unpooled;

import satin.ipl.spi.Packet;
import satin.ipl.spi.ProtocolException;
import satin.ipl.wire.Hello;
import satin.ipl.wire.WireCodec;

/**
 * Coverage-guided fuzzing of the frame codec shared by the network transports. Contract: a valid
 * result or a {@link ProtocolException}, nothing else, and memory in proportion to the input. Without
 * JAZZER_FUZZ these replay the committed inputs under {@code WireCodecFuzzTestInputs/} (see README).
 */
class WireCodecFuzzTest {
    private static final int MAX_FRAME = 1 << 20;

    @FuzzTest(maxDuration = "60s")
    void decode(byte[] frame) {
        Allocation.bounded(frame.length, 4, () -> checkDecode(frame));
    }

    private static void checkDecode(byte[] frame) {
        try {
            Packet p = WireCodec.decode(Unpooled.wrappedBuffer(frame));
            try {
                assertEquals(frame.length - WireCodec.HEADER_SIZE, p.payloadLength());
                assertTrue(p.type >= Packet.HELLO && p.type <= Packet.MAX_TYPE, "type " + p.type);
            } finally {
                p.release();
            }
        } catch (ProtocolException expected) {
            assertNotNull(expected.getMessage());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void readHeader(byte[] stream) {
        if (stream.length < WireCodec.FRAME_HEAD) {
            return; // the caller guarantees a whole header is readable
        }
        try {
            WireCodec.Header h = WireCodec.readHeader(Unpooled.wrappedBuffer(stream), MAX_FRAME);
            assertTrue(h.length() >= WireCodec.HEADER_SIZE && h.length() <= MAX_FRAME, "length " + h.length());
            assertTrue(h.payloadLength() >= 0);
        } catch (ProtocolException expected) {
            assertNotNull(expected.getMessage());
        }
    }

    @FuzzTest(maxDuration = "60s")
    void readHello(byte[] payload) {
        Allocation.bounded(payload.length, 16, () -> checkHello(payload));
    }

    private static void checkHello(byte[] payload) {
        try {
            Hello hello = Hello.read(Unpooled.wrappedBuffer(payload));
            assertNotNull(hello.pool());
            assertNotNull(hello.node());
            assertNotNull(hello.registrationHash());
            hello.incompatibility("p", new byte[32]); // what a node does next with a parsed HELLO
        } catch (ProtocolException expected) {
            assertNotNull(expected.getMessage());
        }
    }
}
