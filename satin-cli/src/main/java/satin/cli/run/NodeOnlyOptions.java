package satin.cli.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.ParseResult;

/**
 * Options of {@code satin run} that mean something only when the run spans several JVMs, with what they need. A run in
 * one JVM refuses them instead of ignoring them (a {@code --stats-json} that writes no file, a {@code --wan} that
 * emulates nothing), as plain {@code java} refuses the same settings.
 */
final class NodeOnlyOptions {
    private NodeOnlyOptions() {
    }

    /** Option name to the option that gives it a meaning, in the order they are checked. */
    static final Map<String, String> NEEDS;

    static {
        Map<String, String> needs = new LinkedHashMap<>();
        for (String name : List.of("--clusters", "--algorithm", "--transport", "--wan", "--pool-secret-file",
                "--insecure", "--encrypt", "--stats-json", "--timeout", "--kill", "--leave",
                "--partition", "--ipl-setting", "--detection-time", "--no-fault-tolerance", "--no-result-reuse",
                "--port-range", "--register")) {
            needs.put(name, "--nodes N");
        }
        for (String name : List.of("--cluster", "--node-name", "--pool", "--node-address", "--end-with-input")) {
            needs.put(name, "--registry HOST:PORT");
        }
        for (String name : List.of("--shared-fs", "--ssh-option", "--advertise")) {
            needs.put(name, "--hosts FILE");
        }
        for (String name : List.of("--cluster-of", "--registry-port", "--registry-host")) {
            needs.put(name, "--slurm");
        }
        NEEDS = java.util.Collections.unmodifiableMap(needs);
    }

    /** The one-line error for the first node-only option given to a run in one JVM, if any. */
    static Optional<String> refusal(ParseResult parsed) {
        for (Map.Entry<String, String> e : NEEDS.entrySet()) {
            if (parsed.hasMatchedOption(e.getKey())) {
                String example = e.getValue().equals("--nodes N")
                        ? ", e.g. 'satin run --nodes 4 " + example(e.getKey()) + " fib 40'" : "";
                return Optional.of("error: " + e.getKey() + " needs " + e.getValue() + "; without it this run stays "
                        + "in one JVM" + example);
            }
        }
        return Optional.empty();
    }

    private static String example(String option) {
        return switch (option) {
            case "--clusters" -> "--clusters 2";
            case "--wan" -> "--clusters 2 --wan table2.1-20ms-1000KBs";
            case "--stats-json" -> "--stats-json stats.json";
            case "--algorithm" -> "--algorithm RS";
            case "--transport" -> "--transport udp";
            default -> option + (option.startsWith("--no-") || option.equals("--insecure") ? "" : " ...");
        };
    }
}
