package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hosts file of {@code satin run --hosts}: what each line becomes, the per-host published address that goes to
 * the node rather than to {@code java}, and the errors naming file and line.
 */
class HostsFileTest {
    @TempDir
    Path dir;

    private HostsFile read(String text) throws Exception {
        Path f = dir.resolve("hosts.txt");
        Files.writeString(f, text);
        return HostsFile.read(f);
    }

    @Test
    void aLineGivesHostClusterWorkersJavaOptionsAndItsNodeAddress() throws Exception {
        HostsFile h = read("# comment\nfs0 vu 16 -Xmx8g --node-address=10.1.2.3 -XX:+UseG1GC\n\nfs1\n");
        HostsFile.Host first = h.hosts().get(0);
        assertEquals("fs0", first.address());
        assertEquals("vu", first.cluster());
        assertEquals(16, first.workers());
        assertEquals(List.of("-Xmx8g", "-XX:+UseG1GC"), first.javaOptions(), "the node address is no java option");
        assertEquals("10.1.2.3", first.nodeAddress());
        HostsFile.Host second = h.hosts().get(1);
        assertEquals("cluster0", second.cluster());
        assertNull(second.workers());
        assertNull(second.nodeAddress());
    }

    @Test
    void theNodeAddressReachesThatHostsNodeOnlyAndBeforeTheProgram() throws Exception {
        HostsFile h = read("a vu 1 --node-address=192.0.2.7\nb uva 1\n");
        List<String> args = List.of("--registry", "-", "--pool-secret-file", "/s", "fib", "20");
        List<String> a = SshNodes.hostArguments(args, h.hosts().get(0));
        assertEquals(List.of("--node-address", "192.0.2.7", "--registry", "-", "--pool-secret-file", "/s", "fib", "20"),
                a);
        assertEquals(args, SshNodes.hostArguments(args, h.hosts().get(1)));
    }

    @Test
    void badNodeAddressesAreErrorsNamingTheLine() {
        String empty = assertThrows(IllegalArgumentException.class, () -> read("a\nb vu 1 --node-address=\n"))
                .getMessage();
        assertTrue(empty.contains("line 2") && empty.contains("needs the address"), empty);
        String twice = assertThrows(IllegalArgumentException.class,
                () -> read("a vu 1 --node-address=x --node-address=y\n")).getMessage();
        assertTrue(twice.contains("line 1") && twice.contains("twice"), twice);
        String split = assertThrows(IllegalArgumentException.class, () -> read("a vu 1 --node-address x\n"))
                .getMessage();
        assertTrue(split.contains("--node-address=HOST"), split);
    }
}
