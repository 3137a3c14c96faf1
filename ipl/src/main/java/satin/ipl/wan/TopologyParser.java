package satin.ipl.wan;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the line-oriented topology format (documented in ipl/README.md, "WAN emulation"):
 * <pre>
 * # comment
 * default latency=100ms bandwidth=100KB/s jitter=0ms loss=0   (any two different clusters)
 * local   latency=0.1ms                                        (within a cluster; default: not emulated)
 * cluster amsterdam delft leiden                               (optional; then links may name only these)
 * link amsterdam -> delft latency=10ms                         (one direction; unset keys come from default)
 * link amsterdam <-> leiden bandwidth=1MB/s                    (both directions)
 * retransmission-floor 10ms                                    (least delay of a lost reliable message; default 10ms)
 * link a -> b latency=102ms bandwidth=42KB/s loss=0.019 tcp=on swing=44ms/204ms/3.5s/1s
 * </pre>
 * Keys: latency (one-way), bandwidth, jitter, loss; tcp (on/off: the TCP path model, see {@link LinkParameters});
 * swing (least/median/largest round trip/epoch, with tcp=on). Every error names the line and the cause.
 */
public final class TopologyParser {
    private static final List<String> KEYS = List.of("latency", "bandwidth", "jitter", "loss", "tcp", "swing");

    private TopologyParser() {}

    public static WanTopology parse(Path file) throws IOException, TopologyFormatException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(file.toString(), r);
        }
    }

    public static WanTopology parse(String source, String text) throws TopologyFormatException {
        try {
            return parse(source, new StringReader(text));
        } catch (IOException e) {
            throw new IllegalStateException("reading a string cannot fail", e);
        }
    }

    /** A link line before the defaults are known. */
    private record PendingLink(int line, String from, String to, Map<String, String> keys) {}

    public static WanTopology parse(String source, Reader reader) throws IOException, TopologyFormatException {
        WanTopology.Builder builder = WanTopology.builder(source);
        Map<String, String> defaults = new LinkedHashMap<>();
        Map<String, String> local = null;
        int localLine = 0;
        int defaultLine = 0;
        List<PendingLink> links = new ArrayList<>();
        BufferedReader in = new BufferedReader(reader);
        String raw;
        int lineNo = 0;
        while ((raw = in.readLine()) != null) {
            lineNo++;
            int hash = raw.indexOf('#');
            String line = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            try {
                switch (words[0]) {
                    case "default" -> {
                        if (defaultLine > 0) {
                            throw new IllegalArgumentException("second 'default' line (first on line " + defaultLine
                                    + ")");
                        }
                        defaultLine = lineNo;
                        defaults = keys(words, 1);
                    }
                    case "local" -> {
                        if (local != null) {
                            throw new IllegalArgumentException("second 'local' line (first on line " + localLine + ")");
                        }
                        localLine = lineNo;
                        local = keys(words, 1);
                    }
                    case "cluster" -> {
                        if (words.length < 2) {
                            throw new IllegalArgumentException("'cluster' needs at least one name");
                        }
                        if (!links.isEmpty()) {
                            throw new IllegalArgumentException("clusters must be declared before the first link");
                        }
                        for (int i = 1; i < words.length; i++) {
                            builder.cluster(words[i]);
                        }
                    }
                    case "link" -> {
                        if (words.length < 4 || !(words[2].equals("->") || words[2].equals("<->"))) {
                            throw new IllegalArgumentException("expected 'link FROM -> TO key=value...' or "
                                    + "'link FROM <-> TO key=value...'");
                        }
                        Map<String, String> keys = keys(words, 4);
                        links.add(new PendingLink(lineNo, words[1], words[3], keys));
                        if (words[2].equals("<->")) {
                            links.add(new PendingLink(lineNo, words[3], words[1], keys));
                        }
                    }
                    case "retransmission-floor" -> {
                        if (words.length != 2) {
                            throw new IllegalArgumentException("expected 'retransmission-floor DURATION'");
                        }
                        builder.minRetransmission(Quantities.parseDuration(words[1]));
                    }
                    default -> throw new IllegalArgumentException("unknown directive '" + words[0]
                            + "'; expected default, local, cluster, link or retransmission-floor");
                }
            } catch (IllegalArgumentException e) {
                throw new TopologyFormatException(source, lineNo, e.getMessage());
            }
        }
        LinkParameters wideArea = build(source, defaultLine, defaults, Map.of());
        builder.wideAreaDefault(wideArea);
        if (local != null) {
            builder.local(build(source, localLine, local, Map.of()));
        }
        for (PendingLink l : links) {
            try {
                builder.link(l.from, l.to, build(source, l.line, l.keys, defaults));
            } catch (IllegalArgumentException e) {
                throw new TopologyFormatException(source, l.line, e.getMessage());
            }
        }
        return builder.build();
    }

    private static Map<String, String> keys(String[] words, int from) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (int i = from; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq <= 0 || eq == words[i].length() - 1) {
                throw new IllegalArgumentException("expected key=value, got '" + words[i] + "'");
            }
            String key = words[i].substring(0, eq);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "'; expected one of " + KEYS);
            }
            if (keys.put(key, words[i].substring(eq + 1)) != null) {
                throw new IllegalArgumentException("key '" + key + "' given twice");
            }
        }
        return keys;
    }

    private static boolean onOff(String text) {
        return switch (text) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("tcp must be on or off, got '" + text + "'");
        };
    }

    /** {@code MIN/MEDIAN/MAX/EPOCH} durations, e.g. 44ms/204ms/3.5s/1s; null when absent. */
    private static satin.wanmodel.LatencySwing swing(String text) {
        if (text == null) {
            return null;
        }
        String[] f = text.split("/");
        if (f.length != 4) {
            throw new IllegalArgumentException("swing must be MIN/MEDIAN/MAX/EPOCH round trips and epoch, e.g. "
                    + "44ms/204ms/3.5s/1s, got '" + text + "'");
        }
        return new satin.wanmodel.LatencySwing(Quantities.parseDuration(f[0]), Quantities.parseDuration(f[1]),
                Quantities.parseDuration(f[2]), Quantities.parseDuration(f[3]));
    }

    private static LinkParameters build(String source, int line, Map<String, String> keys,
                                        Map<String, String> inherited) throws TopologyFormatException {
        Map<String, String> all = new LinkedHashMap<>(inherited);
        all.putAll(keys);
        try {
            return new LinkParameters(
                    Quantities.parseDuration(all.getOrDefault("latency", "0ms")),
                    Quantities.parseBandwidth(all.getOrDefault("bandwidth", "unlimited")),
                    Quantities.parseDuration(all.getOrDefault("jitter", "0ms")),
                    Quantities.parseProbability(all.getOrDefault("loss", "0")),
                    onOff(all.getOrDefault("tcp", "off")), swing(all.get("swing")));
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(source, line, e.getMessage());
        }
    }
}
