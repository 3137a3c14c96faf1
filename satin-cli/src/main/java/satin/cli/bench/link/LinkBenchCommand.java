package satin.cli.bench.link;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.cli.bench.support.FiguresJson;
import satin.cli.bench.support.Median;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * {@code satin bench link}: one end of an IPL echo pair in a process of its own, so that the two ends can sit in two
 * network namespaces joined by a rate-limited veth pair ({@code satin-cli/scripts/link-bench.sh} sets that up and
 * runs both ends, plain and encrypted, in interleaved rounds). The server runs the pool's registry and answers; the
 * client measures the median round trip of {@code --small} bytes and the throughput of a stream of
 * {@code --large}-byte messages, and prints one line of figures.
 */
@Command(name = "link", mixinStandardHelpOptions = true,
        description = {
            "One end of an IPL echo pair across a real link (two processes, e.g. in two network namespaces).",
            "--role server runs the registry and answers; --role client measures a small round trip and a "
                + "large-message stream and prints the figures. scripts/link-bench.sh runs the whole measurement."})
public final class LinkBenchCommand implements Callable<Integer> {

    enum Role { server, client }

    /** Pipelined echoes per warm-up round (see {@link #warmEchoes}). */
    private static final int WARM_BATCH = 1000;

    @Option(names = "--role", paramLabel = "server|client", required = true, description = "server or client")
    Role role;

    @Option(names = "--impl", paramLabel = "tcp|udp",
            defaultValue = "tcp", description = "IPL implementation, tcp or udp (default ${DEFAULT-VALUE})")
    String implementation;

    @Option(names = "--bind", required = true, paramLabel = "ADDRESS", description = "this end's address")
    String bind;

    @Option(names = "--registry-port", defaultValue = "0", paramLabel = "PORT",
            description = "server: the registry's port (default: any free one, printed as 'registry HOST:PORT')")
    int registryPort;

    @Option(names = "--registry", paramLabel = "HOST:PORT", description = "client: the server's registry")
    String registry;

    @Option(names = "--secret", paramLabel = "FILE",
            description = "a pool secret file: encrypt every connection (tcp+TLS, udp+AEAD); without it, plain")
    Path secret;

    @Option(names = "--pool", paramLabel = "NAME",
            defaultValue = "link-bench", description = "pool name (default ${DEFAULT-VALUE})")
    String pool;

    @Option(names = "--delay-ms", defaultValue = "0", paramLabel = "MS",
            description = "one-way delay added to every message by the IPL's WAN emulation stacked on the transport "
                    + "(for kernels without tc netem; both ends must give the same; default ${DEFAULT-VALUE}: none)")
    double delayMs;

    @Option(names = "--small", paramLabel = "BYTES",
            defaultValue = "1", description = "round-trip message bytes (default ${DEFAULT-VALUE})")
    int small;

    @Option(names = "--large", paramLabel = "BYTES",
            defaultValue = "1048576", description = "stream message bytes (default ${DEFAULT-VALUE})")
    int large;

    @Option(names = "--rounds", paramLabel = "N",
            defaultValue = "30", description = "round trips measured (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--warm-echoes", paramLabel = "N", defaultValue = "20000",
            description = "pipelined echoes that warm the round trip's code before it is measured "
                    + "(default ${DEFAULT-VALUE}: past the JIT's thresholds)")
    int warmEchoes;

    @Option(names = "--stream-bytes", paramLabel = "BYTES", defaultValue = "67108864",
            description = "bytes per throughput stream (default ${DEFAULT-VALUE})")
    long streamBytes;

    @Option(names = "--streams", paramLabel = "N",
            defaultValue = "3", description = "throughput streams, median (default ${DEFAULT-VALUE})")
    int streams;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path topology = null;
        if (delayMs > 0) {
            topology = java.nio.file.Files.createTempFile("satin-link-delay-", ".wan");
            topology.toFile().deleteOnExit();
            java.nio.file.Files.writeString(topology, String.format(Locale.ROOT,
                    "default latency=%.3fms bandwidth=unlimited jitter=0ms loss=0%n", delayMs));
        }
        if (role == Role.server) {
            RegistryServer server = new RegistryServer(bind, registryPort)
                    .security(secret == null ? PoolSecurity.insecure()
                            : PoolSecurity.of(PoolSecret.read(secret), EncryptionPolicy.ALL))
                    .start();
            try {
                String address = bind + ":" + server.port();
                out.println("registry " + address);
                out.flush();
                LinkEndpoint.serve(LinkEndpoint.config(implementation, bind, address, secret, pool, topology,
                        "server"));
            } finally {
                server.stop();
            }
            return 0;
        }
        if (registry == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--role client needs --registry HOST:PORT");
        }
        String variant = implementation + (secret == null ? "" : implementation.equals("udp") ? "+aead" : "+tls");
        try (LinkEndpoint client = LinkEndpoint.client(
                LinkEndpoint.config(implementation, bind, registry, secret, pool, topology, "client"))) {
            byte[] tiny = new byte[small];
            client.roundTrip(tiny); // connections and handshakes
            byte[] payload = new byte[large];
            int count = (int) Math.max(2, streamBytes / large);
            // warm: the congestion window opens and the JIT compiles, on the same processor as the stream (each end
            // is pinned to one): a stream of an eighth left GHASH in Java code through the first timed streams of the
            // encrypted variants (JFR: a third of the samples; timed streams 29, 50, 53 MiB/s in one run)
            client.stream(payload, count);
            // and the small-message path: 30 round trips after 6 measured code still interpreted or compiled by C1
            // (on loopback 1.0 ms plain and 2.1 ms TLS, against 0.12 and 0.24 ms once compiled), pipelined so that
            // a 20 ms link does not make the warm-up last minutes
            for (int left = warmEchoes; left > 0; left -= WARM_BATCH) {
                client.pipelinedRoundTrips(tiny, Math.min(left, WARM_BATCH));
            }
            double[] rtt = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                long t0 = System.nanoTime();
                client.roundTrip(tiny);
                rtt[i] = (System.nanoTime() - t0) / 1e3;
            }
            double[] mibs = new double[streams];
            for (int i = 0; i < streams; i++) {
                long t0 = System.nanoTime();
                client.stream(payload, count);
                mibs[i] = (double) count * large / (1 << 20) / ((System.nanoTime() - t0) / 1e9);
            }
            double roundTripUs = Median.of(rtt);
            double mibPerSecond = Median.of(mibs);
            out.printf(Locale.ROOT, "link %s: %d B round trip %.1f us (median of %d), %d B stream %.1f MiB/s "
                    + "(median of %d: %s)%n", variant, small, roundTripUs, rounds, large, mibPerSecond, streams,
                    Arrays.toString(Arrays.stream(mibs).map(v -> Math.round(v * 10) / 10.0).toArray()));
            String key = FiguresJson.key(variant);
            json.put(key + ".roundTripUs", roundTripUs);
            json.put(key + ".mibPerSecond", mibPerSecond);
            json.write();
        }
        return 0;
    }
}
