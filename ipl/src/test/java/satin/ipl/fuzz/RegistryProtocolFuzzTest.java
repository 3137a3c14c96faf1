package satin.ipl.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.Unpooled;

import satin.ipl.registry.RegistryProtocol;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireFields;

/**
 * Coverage-guided fuzzing of the registry protocol as the server and the clients read it: a frame
 * (length prefix already removed by Netty's length-field decoder) is decoded and its body read the way
 * its type demands. Contract: a value or a {@link ProtocolException}, nothing else.
 */
class RegistryProtocolFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void decode(byte[] frame) {
        Allocation.bounded(frame.length, 64, () -> check(frame));
    }

    private static void check(byte[] frame) {
        try {
            RegistryProtocol.Frame f = RegistryProtocol.decode(Unpooled.wrappedBuffer(frame));
            Object body = switch (f.type()) {
                case RegistryProtocol.JOIN -> RegistryProtocol.readJoin(f.body());
                case RegistryProtocol.EVENT -> RegistryProtocol.readEvent(f.body());
                case RegistryProtocol.SIGNAL -> RegistryProtocol.readSignal(f.body());
                case RegistryProtocol.JOIN_OK -> WireFields.readIdentifier(f.body());
                case RegistryProtocol.HEARTBEAT, RegistryProtocol.TERMINATE, RegistryProtocol.LEAVE -> {
                    RegistryProtocol.requireEnd(f.body());
                    yield "";
                }
                default -> {
                    String text = WireFields.readString(f.body());
                    RegistryProtocol.requireEnd(f.body());
                    yield text;
                }
            };
            assertNotNull(body);
        } catch (ProtocolException expected) {
            assertNotNull(expected.getMessage());
        }
    }
}
