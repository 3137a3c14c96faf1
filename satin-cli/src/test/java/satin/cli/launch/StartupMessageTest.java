package satin.cli.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a node started with {@code --registry -} reads on standard input, and the errors for bad input. */
class StartupMessageTest {

    @Test
    void registryAndSerializationList() throws IOException {
        StartupMessage m = read("127.0.0.1:4000\nsatin.apps.fib.Fib_fib,java.math.BigInteger,[[J\n");
        assertEquals("127.0.0.1:4000", m.registry());
        assertEquals(List.of("satin.apps.fib.Fib_fib", "java.math.BigInteger", "[[J"), m.serializationClasses());
    }

    @Test
    void theRegistryAloneLeavesTheListToTheNode() throws IOException {
        StartupMessage m = read("host.example.org:4000\n");
        assertEquals("host.example.org:4000", m.registry());
        assertNull(m.serializationClasses());
    }

    @Test
    void readsExactlyTheMessageAndLeavesWhatFollowsUnread() throws IOException {
        String message = StartupMessage.format("10.0.0.1:4000", List.of("a.B", "[I"));
        ByteArrayInputStream in = new ByteArrayInputStream((message + "rest").getBytes(StandardCharsets.UTF_8));
        StartupMessage m = StartupMessage.read(in);
        assertEquals("10.0.0.1:4000", m.registry());
        assertEquals(List.of("a.B", "[I"), m.serializationClasses());
        assertEquals("rest", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void anEmptyListLineLeavesTheListToTheNode() throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(
                StartupMessage.format("h:1", List.of()).getBytes(StandardCharsets.UTF_8));
        assertNull(StartupMessage.read(in).serializationClasses());
        assertEquals(-1, in.read());
    }

    @Test
    void missingOrMalformedAddressesAreRefusedWithTheCause() {
        IOException empty = assertThrows(IOException.class, () -> read(""));
        assertTrue(empty.getMessage().contains("end of the input"), empty.getMessage());
        IOException noPort = assertThrows(IOException.class, () -> read("localhost\n"));
        assertTrue(noPort.getMessage().contains("'localhost'"), noPort.getMessage());
    }

    private static StartupMessage read(String text) throws IOException {
        return StartupMessage.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }
}
