package satin.cli.bench.ipl;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import satin.cli.bench.support.FiguresJson;
import satin.ipl.start.Ipl;

/**
 * {@code satin bench ipl}: round-trip latency and one-way throughput of IPL implementations next to a raw
 * Netty echo written for this benchmark, in the same run and printed as ratios; then the round trip with
 * int versus byte payloads, as in Table 2 of the JPVM paper. The measurements run as paired trials (see
 * {@link Trials}): ratios are taken within a trial, so that both sides see the same machine load. Processor
 * time per MiB streamed is reported as well: unlike wall time it does not count time the machine gave to
 * others (hypervisor steal on shared machines).
 */
@Command(name = "ipl", mixinStandardHelpOptions = true,
        description = "Benchmark IPL implementations (tcp, udp) against a raw Netty echo baseline.")
public final class IplBenchCommand implements Callable<Integer> {
    @Option(names = "--sizes", paramLabel = "BYTES", split = ",", defaultValue = "1,1024,10240,102400,1048576",
            description = "Message sizes in bytes (default ${DEFAULT-VALUE}).")
    int[] sizes;

    @Option(names = "--rounds", paramLabel = "N",
            defaultValue = "1000", description = "Round trips per size and repetition, "
            + "fewer for large sizes (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--round-bytes", paramLabel = "BYTES", defaultValue = "33554432",
            description = "Cap on bytes moved per latency measurement (default ${DEFAULT-VALUE}).")
    long roundBytes;

    @Option(names = "--stream-bytes", paramLabel = "BYTES", defaultValue = "134217728",
            description = "Bytes per throughput measurement (default ${DEFAULT-VALUE}).")
    long streamBytes;

    @Option(names = "--repeats", paramLabel = "N",
            defaultValue = "5", description = "Paired trials: each measures every "
            + "implementation once per size, in rotating order; tables show medians over trials and the median "
            + "of the per-trial ratios (default ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--warm-up", paramLabel = "SECONDS",
            defaultValue = "10", description = "Seconds of untimed passes over every "
            + "implementation and size before the trials, at least one pass; the JIT compiler keeps working "
            + "long after a single pass (default ${DEFAULT-VALUE}).")
    double warmUpSeconds;

    @Mixin
    FiguresJson json;

    @Spec
    CommandSpec spec;

    /** Where the IPL echo server runs its upcalls. */
    enum EchoServer { direct, thread }

    @Option(names = "--server", paramLabel = "direct|thread",
            defaultValue = "direct", description = "IPL echo server: 'direct' answers from "
            + "the transport's thread (DirectUpcall), as the baseline answers from its Netty handler; 'thread' "
            + "from the receive port's upcall thread (default ${DEFAULT-VALUE}).")
    EchoServer server;

    @Option(names = "--quiet", description = "No progress lines on standard error.")
    boolean quiet;

    @Option(names = "--implementations", paramLabel = "tcp|udp", split = ",", defaultValue = "tcp,udp",
            description = "IPL implementations to measure; absent ones are skipped with a note (default ${DEFAULT-VALUE}).")
    List<String> implementations;

    @Option(names = "--encrypted", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also measure each implementation in a pool with a secret and --encrypt all (tcp+tls: TLS "
                    + "1.3 through the JDK's SSLEngine; udp+aead: AES-128-GCM per datagram), next to the plain one "
                    + "(default ${DEFAULT-VALUE}).")
    boolean encrypted;

    @Option(names = "--ipl", paramLabel = "KEY=VALUE",
            description = "Extra IPL configuration for the measured nodes, key=value (repeatable).")
    Map<String, String> iplProperties = new LinkedHashMap<>();

    @Option(names = "--jpvm-table", paramLabel = "FILE", defaultValue = "../shared/data/jpvm-table2-roundtrip.csv",
            description = "JPVM Table 2 CSV to print next to the int/byte results (skipped if missing).")
    Path jpvmTable;

    private final PrintStream out;

    public IplBenchCommand() {
        this(System.out);
    }

    IplBenchCommand(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception {
        if (warmUpSeconds < 0 || repeats < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--warm-up must be at least 0 seconds and --repeats at least 1");
        }
        List<String> present = new ArrayList<>();
        for (String impl : implementations) {
            if (Ipl.provider(impl).isPresent()) {
                present.add(impl);
            } else {
                out.println("note: IPL implementation '" + impl + "' is not on the class path; skipped");
            }
        }
        Map<String, EchoPair> pairs = new LinkedHashMap<>();
        Path secret = satin.ipl.security.PoolSecret.writeNewTemporary("satin-bench-secret-");
        try {
            pairs.put("netty", new RawNettyEcho());
            for (String impl : present) {
                pairs.put(impl, new IplEcho(impl, iplProperties, server == EchoServer.direct));
            }
            if (encrypted) {
                for (String impl : present) {
                    Map<String, String> secure = new LinkedHashMap<>(iplProperties);
                    secure.put(satin.ipl.IplProperties.SECRET_FILE, secret.toString());
                    secure.put(satin.ipl.IplProperties.ENCRYPT, "all");
                    pairs.put(encryptedName(impl), new IplEcho(impl, secure, server == EchoServer.direct));
                }
            }
            Trials latency = new Trials(pairs.keySet(), sizes.length, repeats);
            Trials throughput = new Trials(pairs.keySet(), sizes.length, repeats);
            Trials cpu = new Trials(pairs.keySet(), sizes.length, repeats);
            List<String> order = new ArrayList<>(pairs.keySet());
            // one untimed pass over everything first, so that no trial pays for class loading and JIT
            // compilation of code paths another pair already warmed
            long warmUpEnd = System.nanoTime() + (long) (warmUpSeconds * 1e9);
            int passes = 0;
            do {
                progress("warm-up pass " + ++passes);
                for (int s = 0; s < sizes.length; s++) {
                    for (String name : order) {
                        medianRoundTrip(pairs.get(name), sizes[s]);
                        throughput(pairs.get(name), sizes[s]);
                    }
                }
            } while (System.nanoTime() < warmUpEnd);
            for (int r = 0; r < repeats; r++) {
                for (int s = 0; s < sizes.length; s++) {
                    progress("repetition " + (r + 1) + "/" + repeats + ", " + sizeName(sizes[s]));
                    // latencies first: a stream leaves garbage and busy buffers behind that would slow the
                    // next pair's round trips
                    for (String name : order) {
                        latency.put(name, s, r, medianRoundTrip(pairs.get(name), sizes[s]));
                    }
                    for (String name : order) {
                        double[] stream = throughput(pairs.get(name), sizes[s]);
                        throughput.put(name, s, r, stream[0]);
                        cpu.put(name, s, r, stream[1]);
                        progress(String.format("  %-6s round trip %.1f us, %.1f MiB/s, %.2f ms cpu/MiB", name,
                                latency.get(name, s, r), stream[0], stream[1]));
                    }
                    // rotate so that no pair always runs first (right after another pair's garbage)
                    order.add(order.remove(0));
                }
            }
            printTable("Round-trip latency, median (microseconds; ratio = implementation / netty, lower is better)",
                    "roundTripUs", latency);
            printTable("One-way throughput (MiB/s; ratio = implementation / netty, higher is better)", "mibPerSecond",
                    throughput);
            printTable("Processor time per MiB streamed, both ends (ms; ratio = implementation / netty, lower is better)",
                    "cpuMsPerMib", cpu);
            printTargets(latency, throughput);
            if (pairs.containsKey("tcp")) {
                intVersusBytes(pairs.get("tcp"));
            }
            json.write();
        } finally {
            for (EchoPair p : pairs.values()) {
                p.close();
            }
            Files.deleteIfExists(secret);
            Files.deleteIfExists(secret.getParent());
        }
        return 0;
    }

    /** The name of an implementation's encrypted variant. */
    static String encryptedName(String impl) {
        return impl + (impl.equals("udp") ? "+aead" : "+tls");
    }

    private int roundsFor(int size) {
        return (int) Math.max(20, Math.min(rounds, roundBytes / Math.max(1, size)));
    }

    /** One measured operation. */
    private interface Op {
        void run() throws Exception;
    }

    /** Median of {@link #roundsFor} runs after a quarter as many warm-up runs, in microseconds. */
    private double median(int size, Op op) throws Exception {
        int n = roundsFor(size);
        for (int i = 0; i < n / 4; i++) {
            op.run();
        }
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            op.run();
            times[i] = System.nanoTime() - t0;
        }
        Arrays.sort(times);
        return times[n / 2] / 1000.0;
    }

    private double medianRoundTrip(EchoPair pair, int size) throws Exception {
        byte[] payload = new byte[size];
        return median(size, () -> pair.roundTrip(payload));
    }

    /** MiB/s of one stream, and the process's processor time per MiB (milliseconds). */
    private double[] throughput(EchoPair pair, int size) throws Exception {
        byte[] payload = new byte[size];
        int count = (int) Math.max(10, Math.min(200_000, streamBytes / Math.max(1, size)));
        pair.stream(payload, Math.max(1, count / 10));
        long cpu0 = processCpuNanos();
        long t0 = System.nanoTime();
        pair.stream(payload, count);
        double seconds = (System.nanoTime() - t0) / 1e9;
        double mib = (double) count * size / (1 << 20);
        return new double[] {mib / seconds, (processCpuNanos() - cpu0) / 1e6 / mib};
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    private void progress(String what) {
        if (!quiet) {
            System.err.println("bench ipl: " + what);
        }
    }

    private static String sizeName(int size) {
        if (size >= 1 << 20 && size % (1 << 20) == 0) {
            return (size >> 20) + " MiB";
        }
        if (size >= 1024 && size % 1024 == 0) {
            return (size >> 10) + " KiB";
        }
        return size + " B";
    }

    private void printTable(String title, String figure, Trials values) {
        out.println();
        out.println(title);
        StringBuilder header = new StringBuilder(String.format("%-10s", "size"));
        for (String name : values.names()) {
            header.append(String.format("%" + width(name) + "s", name));
            if (!name.equals("netty")) {
                header.append(String.format("%" + width(name + "/netty") + "s", name + "/netty"));
            }
        }
        out.println(header);
        for (int s = 0; s < sizes.length; s++) {
            StringBuilder row = new StringBuilder(String.format("%-10s", sizeName(sizes[s])));
            for (String name : values.names()) {
                String key = figure + "." + FiguresJson.key(name) + "." + FiguresJson.key(sizeName(sizes[s]));
                row.append(String.format("%" + width(name) + ".1f", values.median(name, s)));
                json.put(key, values.median(name, s));
                if (!name.equals("netty")) {
                    row.append(String.format("%" + width(name + "/netty") + ".2f",
                            values.medianRatio(name, "netty", s)));
                    json.put(key + ".vsNetty", values.medianRatio(name, "netty", s));
                }
            }
            out.println(row);
        }
    }

    /** A column wide enough for its heading and a space. */
    private static int width(String heading) {
        return Math.max(12, heading.length() + 2);
    }

    private void printTargets(Trials latency, Trials throughput) {
        int small = indexOfSmallest();
        int mib = indexOf(1 << 20);
        out.println();
        for (String name : latency.names()) {
            if (name.equals("netty")) {
                continue;
            }
            int plus = name.indexOf('+');
            if (plus > 0) {
                String plain = name.substring(0, plus);
                double rtt = latency.medianRatio(name, plain, small);
                json.put("target." + FiguresJson.key(name) + ".smallRoundTripVsPlain", rtt);
                out.printf("target %s: small-message (%s) round trip %.2fx plain %s (target <= 1.20): %s%n", name,
                        sizeName(sizes[small]), rtt, plain, rtt <= 1.2 ? "met" : "NOT met");
                if (mib >= 0) {
                    double tp = throughput.medianRatio(name, plain, mib);
                    json.put("target." + FiguresJson.key(name) + ".mibThroughputVsPlain", tp);
                    out.printf("target %s: 1 MiB throughput %.0f%% of plain %s (target >= 70%%): %s%n", name,
                            tp * 100, plain, tp >= 0.7 ? "met" : "NOT met");
                }
                continue;
            }
            double rtt = latency.medianRatio(name, "netty", small);
            out.printf("target %s: small-message (%s) round trip %.2fx netty (target <= 1.30): %s%n", name,
                    sizeName(sizes[small]), rtt, rtt <= 1.3 ? "met" : "NOT met");
            if (mib >= 0) {
                double tp = throughput.medianRatio(name, "netty", mib);
                out.printf("target %s: 1 MiB throughput %.0f%% of netty (target >= 80%%): %s%n", name, tp * 100,
                        tp >= 0.8 ? "met" : "NOT met");
            }
        }
    }

    private int indexOfSmallest() {
        int best = 0;
        for (int s = 1; s < sizes.length; s++) {
            if (sizes[s] < sizes[best]) {
                best = s;
            }
        }
        return best;
    }

    private int indexOf(int size) {
        for (int s = 0; s < sizes.length; s++) {
            if (sizes[s] == size) {
                return s;
            }
        }
        return -1;
    }

    /**
     * JPVM Table 2 style: the same byte count as int[] (converted to network byte order) and as byte[], for
     * the table's sizes up to the largest size asked for.
     */
    private void intVersusBytes(EchoPair tcp) throws Exception {
        Map<String, String[]> jpvm = readJpvm();
        out.println();
        out.println("Round trip, int versus byte payloads over tcp (median microseconds), next to JPVM Table 2 (ms)");
        out.printf("%-10s%12s%12s%12s%14s%14s%12s%n", "size", "int", "byte", "int/byte", "JPVM int", "JPVM byte",
                "int/byte");
        String[] jpvmRows = {"1 byte", "1 KB", "10 KB", "100 KB", "1 MB"};
        int[] jpvmSizes = {1, 1024, 10240, 102400, 1 << 20};
        int largest = Arrays.stream(sizes).max().orElse(0);
        for (int i = 0; i < jpvmSizes.length && jpvmSizes[i] <= largest; i++) {
            int size = jpvmSizes[i];
            double ints = Double.MAX_VALUE;
            double bytes = Double.MAX_VALUE;
            for (int r = 0; r < repeats; r++) {
                ints = Math.min(ints, medianIntRoundTrip(tcp, size));
                bytes = Math.min(bytes, medianRoundTrip(tcp, size));
            }
            String[] j = jpvm.get(jpvmRows[i]);
            String jRatio = j == null ? "" : String.format("%.2f", Double.parseDouble(j[0]) / Double.parseDouble(j[1]));
            out.printf("%-10s%12.1f%12.1f%12.2f%14s%14s%12s%n", sizeName(size), ints, bytes, ints / bytes,
                    j == null ? "-" : j[0], j == null ? "-" : j[1], jRatio);
        }
        if (jpvm.isEmpty()) {
            out.println("(JPVM table not found at " + jpvmTable + "; use --jpvm-table)");
        }
    }

    private double medianIntRoundTrip(EchoPair pair, int size) throws Exception {
        int[] payload = new int[Math.max(1, size / 4)];
        return median(size, () -> pair.roundTripInts(payload));
    }

    private Map<String, String[]> readJpvm() {
        Map<String, String[]> rows = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(jpvmTable)) {
                if (line.startsWith("#") || line.startsWith("message_size")) {
                    continue;
                }
                String[] f = line.split(",");
                if (f.length == 3) {
                    rows.put(f[0].trim(), new String[] {f[1].trim(), f[2].trim()});
                }
            }
        } catch (java.io.IOException e) {
            rows.clear();
        }
        return rows;
    }
}
