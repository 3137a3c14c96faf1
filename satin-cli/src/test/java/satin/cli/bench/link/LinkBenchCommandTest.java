package satin.cli.bench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import satin.ipl.security.PoolSecret;

/**
 * The two ends of {@code satin bench link} on the loopback interface, plain and encrypted, over tcp and udp: the
 * server announces its registry, the client finds the server through it, measures and ends the pool, and the
 * server returns. Figures are not asserted, only that they were measured.
 */
@Timeout(120)
class LinkBenchCommandTest {

    @Test
    void bothEndsMeasurePlainAndEncryptedOverTcpAndUdp(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret");
        PoolSecret.writeNew(secret);
        for (String impl : new String[] {"tcp", "udp"}) {
            for (boolean encrypted : new boolean[] {false, true}) {
                Map<String, Double> figures = measure(dir, impl, encrypted ? secret : null);
                String key = impl + (encrypted ? impl.equals("udp") ? "Aead" : "Tls" : "");
                assertTrue(figures.get(key + ".roundTripUs") > 0, figures.toString());
                assertTrue(figures.get(key + ".mibPerSecond") > 0, figures.toString());
            }
        }
    }

    private static Map<String, Double> measure(Path dir, String impl, Path secret) throws Exception {
        PipedWriter serverOut = new PipedWriter();
        BufferedReader announcements = new BufferedReader(new PipedReader(serverOut));
        String[] secretArgs = secret == null ? new String[0] : new String[] {"--secret", secret.toString()};
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> {
            CommandLine cl = new CommandLine(new LinkBenchCommand());
            cl.setOut(new PrintWriter(serverOut, true)).setErr(new PrintWriter(new StringWriter(), true));
            return cl.execute(concat(new String[] {"--role", "server", "--impl", impl, "--bind", "127.0.0.1"},
                    secretArgs));
        });
        String line = announcements.readLine();
        assertTrue(line != null && line.startsWith("registry 127.0.0.1:"), String.valueOf(line));
        Path json = dir.resolve(impl + (secret == null ? "" : "-secure") + ".json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine client = new CommandLine(new LinkBenchCommand());
        client.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        int status = client.execute(concat(new String[] {"--role", "client", "--impl", impl, "--bind", "127.0.0.1",
            "--registry", line.substring("registry ".length()), "--rounds", "5", "--warm-echoes", "50",
            "--stream-bytes", "4194304", "--large", "65536", "--streams", "1", "--json", json.toString()}, secretArgs));
        assertEquals(0, status, err.toString());
        assertTrue(out.toString().startsWith("link " + impl), out.toString());
        assertEquals(0, server.get(60, TimeUnit.SECONDS), "the server returns once the client ended the pool");
        return new ObjectMapper().readValue(json.toFile(), new TypeReference<Map<String, Double>>() { });
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
