package satin.cli.bench.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The option {@code --json FILE} of a benchmark (a picocli mixin): the figures the benchmark prints, also written as
 * one flat JSON object of names to numbers, so that {@code satin bench all} can collect every benchmark into one
 * record. A benchmark {@link #put}s each figure where it prints it and {@link #write}s once at the end; without
 * {@code --json} both do nothing, so the printed output stays the benchmark's only result.
 */
public final class FiguresJson {

    @Option(names = "--json", paramLabel = "FILE",
            description = "also write the figures as one JSON object of names to numbers (for 'satin bench all')")
    Path file;

    private final Map<String, Double> figures = new LinkedHashMap<>();

    /** Records one figure under {@code name} (a later value for the same name replaces it). */
    public void put(String name, double value) {
        figures.put(name, value);
    }

    /**
     * Words as one JSON key in camel case, letters and digits only: {@code "sequential Java"} becomes
     * {@code sequentialJava}, {@code "ForkJoinPool"} {@code forkJoinPool}, {@code "tcp+tls"} {@code tcpTls}.
     */
    public static String key(String words) {
        StringBuilder key = new StringBuilder();
        boolean upper = false;
        for (char c : words.toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                key.append(upper ? Character.toUpperCase(c) : key.length() == 0 ? Character.toLowerCase(c) : c);
                upper = false;
            } else {
                upper = key.length() > 0;
            }
        }
        return key.toString();
    }

    /** Writes the figures to the {@code --json} file, when one was given. */
    public void write() throws IOException {
        if (file != null) {
            // non-finite values (a ratio over nothing) are not JSON numbers: they are left out, not written as 0
            Map<String, Double> finite = new LinkedHashMap<>();
            figures.forEach((k, v) -> {
                if (Double.isFinite(v)) {
                    finite.put(k, v);
                }
            });
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), finite);
        }
    }
}
