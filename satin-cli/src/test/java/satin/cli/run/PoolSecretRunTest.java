package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import satin.cli.secret.SecretCommand;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/** satin run and satin secret with pool secrets: what is refused before anything starts, and real runs. */
@Timeout(180)
class PoolSecretRunTest {
    @TempDir
    Path dir;

    @Test
    void aNodeWithoutASecretIsRefusedAndToldHowToGiveOne() {
        Assumptions.assumeTrue(System.getenv("SATIN_POOL_SECRET_FILE") == null, "SATIN_POOL_SECRET_FILE is set");
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--registry", "localhost:1", "--nodes", "2", "--cluster", "c",
                "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, o.exit(), o.describe());
        assertTrue(o.err().contains("a pool needs its secret: give the file with --pool-secret-file FILE"),
                o.describe());
        assertTrue(o.err().contains("--insecure"), o.describe());
    }

    @Test
    void contradictionsAndUnknownPoliciesAreRejected() throws Exception {
        Path secret = dir.resolve("s");
        PoolSecret.writeNew(secret);
        MultiNodeRuns.Outcome both = MultiNodeRuns.run("--registry", "localhost:1", "--nodes", "2", "--cluster", "c",
                "--insecure", "--pool-secret-file", secret.toString(), "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, both.exit(), both.describe());
        assertTrue(both.err().contains("contradict"), both.describe());
        MultiNodeRuns.Outcome policy = MultiNodeRuns.run("--nodes", "2", "--encrypt", "some",
                "satin.runtime.testapps.FibMain", "3");
        assertEquals(2, policy.exit(), policy.describe());
        assertTrue(policy.err().contains("encryption 'some' is not one of all, wide-area, none"), policy.describe());
    }

    @Test
    void aNodeWithTheWrongSecretFailsWithTheReason() throws Exception {
        Path right = dir.resolve("right");
        Path wrong = dir.resolve("wrong");
        PoolSecret.writeNew(right);
        PoolSecret.writeNew(wrong);
        try (RegistryServer server = new RegistryServer("127.0.0.1", 0)
                .security(PoolSecurity.of(PoolSecret.read(right), EncryptionPolicy.ALL)).start()) {
            MultiNodeRuns.Outcome o = MultiNodeRuns.run("--registry", server.address(), "--nodes", "1",
                    "--cluster", "c", "--timeout", "20", "--pool-secret-file", wrong.toString(),
                    "satin.runtime.testapps.FibMain", "3");
            assertEquals(3, o.exit(), o.describe());
            assertTrue(o.err().contains("pool authentication failed"), o.describe());
            assertEquals(1, server.refusedAuthentications());
            MultiNodeRuns.Outcome ok = MultiNodeRuns.run("--registry", server.address(), "--nodes", "1",
                    "--cluster", "c", "--timeout", "20", "--pool-secret-file", right.toString(),
                    "satin.runtime.testapps.FibMain", "10");
            assertEquals(0, ok.exit(), ok.describe());
            assertTrue(ok.programOut().contains("55"), ok.describe());
        }
    }

    @Test
    void aLocalUdpRunEncryptingOnlyBetweenClustersGivesTheAnswer() {
        MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--clusters", "2", "--workers", "1",
                "--transport", "udp", "--encrypt", "wide-area", "--timeout", "60", "satin.runtime.testapps.FibMain",
                "20");
        assertEquals(0, o.exit(), o.describe());
        assertTrue(o.programOut().contains("6765"), o.describe());
    }

    @Test
    void satinSecretWritesAPrivateSecretAndNeverOverwrites() throws Exception {
        Path file = dir.resolve("pool.secret");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SecretCommand()).setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true));
        assertEquals(0, cli.execute(file.toString()), err.toString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(Files.readString(file).trim().length() >= 43, "256 bits in base64");
        String first = Files.readString(file);
        assertEquals(2, cli.execute(file.toString()));
        assertTrue(err.toString().contains("will not overwrite existing file"), err.toString());
        assertEquals(first, Files.readString(file));
    }
}
