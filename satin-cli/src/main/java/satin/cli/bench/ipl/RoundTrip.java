package satin.cli.bench.ipl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import satin.ipl.IplProperties;
import satin.ipl.security.PoolSecret;

/**
 * The round trip other benchmarks compare a latency with: a 1-byte message and its echo between two IPL tcp nodes on
 * this machine, authenticated by a pool secret and not encrypted, answered on the port's upcall thread: the path a
 * Satin node's messages take in a local {@code satin run --nodes N}, whose links are authenticated and, on the
 * loopback, not encrypted ({@code MultiNodeRun}).
 */
public final class RoundTrip {

    private RoundTrip() {
    }

    /** The median of {@code rounds} round trips, after a quarter as many untimed ones, in microseconds. */
    public static double medianMicros(int rounds) throws Exception {
        Path secret = PoolSecret.writeNewTemporary("satin-bench-secret-");
        try (IplEcho pair = new IplEcho("tcp", Map.of(IplProperties.SECRET_FILE, secret.toString(),
                IplProperties.ENCRYPT, "none"), false)) {
            byte[] one = new byte[1];
            for (int i = 0; i < rounds / 4; i++) {
                pair.roundTrip(one);
            }
            long[] nanos = new long[rounds];
            for (int i = 0; i < rounds; i++) {
                long t0 = System.nanoTime();
                pair.roundTrip(one);
                nanos[i] = System.nanoTime() - t0;
            }
            Arrays.sort(nanos);
            return nanos[rounds / 2] / 1e3;
        } finally {
            Files.deleteIfExists(secret);
        }
    }
}
