package satin.cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import satin.cli.launch.StartupMessage;

/**
 * A local node's {@code satin run} options, parsed once by the launcher and handed to the node JVM on its standard
 * input, so the node does not build picocli's model of {@code satin run} (about 60 options, read by reflection from
 * their annotations, with their help texts): that took each node JVM about 0.45 s of processor time at start, with N
 * JVMs on fewer processors one after the other (measured; see satin-cli/README.md, start-up).
 *
 * <p>What is handed over is the result of the parse, field by field: the launcher parses node i's argument list
 * ({@link MultiNodeRun}'s, the same one an ssh node gets on its command line) with picocli into a {@link RunCommand}
 * and writes every field that carries an {@code @Option} or {@code @Parameters}; the node sets the same fields of
 * its own {@link RunCommand} by name. So a node started this way holds exactly what picocli would have given it, for
 * every option, also ones added later, without a second parser to keep in step.
 *
 * <p>Format, UTF-8: a line {@code satin-node-options N}, then N lines {@code name:K:v1:...:vK}, K values of the
 * field (a list has any number, a plain field one), each URL-encoded (so no value holds a colon or a line break);
 * K = -1 for null. {@link #read} consumes exactly these lines; the start-up message follows them on the same stream.
 */
final class NodeHandover {

    /** The node main's single argument that says: the options come on standard input. */
    static final String OPTIONS_ON_INPUT = "--options-on-stdin";
    private static final String HEADER = "satin-node-options ";

    private NodeHandover() {
    }

    /**
     * The parser of node argument lists in the launcher: one model, reused for every node (picocli resets every
     * option to its initial value before a parse); synchronized, as nodes added while the run runs start on other
     * threads.
     */
    static final class Encoder {
        private final RunCommand parsed = new RunCommand();
        private final CommandLine line = new CommandLine(parsed);

        /** Node arguments parsed as a node JVM's picocli would, as the hand-over text. */
        synchronized String encode(List<String> nodeArguments) {
            line.parseArgs(nodeArguments.toArray(String[]::new));
            return NodeHandover.encode(parsed);
        }
    }

    /** The hand-over text of {@code cmd}'s options. */
    static String encode(RunCommand cmd) {
        List<String> lines = new ArrayList<>();
        for (Field f : optionFields()) {
            Object value;
            try {
                value = f.get(cmd);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot read option field " + f.getName(), e);
            }
            StringBuilder line = new StringBuilder(f.getName()).append(':');
            if (value == null) {
                line.append(-1);
            } else if (value instanceof List<?> list) {
                line.append(list.size());
                list.forEach(v -> line.append(':').append(encodeValue(v)));
            } else {
                line.append(1).append(':').append(encodeValue(value));
            }
            lines.add(line.toString());
        }
        StringBuilder text = new StringBuilder(HEADER).append(lines.size()).append('\n');
        lines.forEach(l -> text.append(l).append('\n'));
        return text.toString();
    }

    /**
     * Reads a hand-over from {@code in} into {@code cmd} (a new {@link RunCommand}), consuming exactly its lines.
     *
     * @throws IOException when the input ends early or a line does not name an option of this version
     */
    static RunCommand read(InputStream in, RunCommand cmd) throws IOException {
        String header = StartupMessage.readLine(in);
        if (header == null || !header.startsWith(HEADER)) {
            throw new IOException("expected the node's options ('" + HEADER + "N') on standard input, got "
                    + (header == null ? "the end of the input" : "'" + header + "'"));
        }
        int count;
        try {
            count = Integer.parseInt(header.substring(HEADER.length()).trim());
        } catch (NumberFormatException e) {
            throw new IOException("bad option count in '" + header + "'");
        }
        for (int i = 0; i < count; i++) {
            String line = StartupMessage.readLine(in);
            if (line == null) {
                throw new IOException("the node's options ended after " + i + " of " + count + " lines");
            }
            apply(cmd, line);
        }
        return cmd;
    }

    private static void apply(RunCommand cmd, String line) throws IOException {
        String[] parts = line.split(":", -1);
        if (parts.length < 2) {
            throw new IOException("bad option line '" + line + "'");
        }
        Field f;
        try {
            f = RunCommand.class.getDeclaredField(parts[0]);
        } catch (NoSuchFieldException e) {
            throw new IOException("the launcher handed over option '" + parts[0] + "', which this node does not know"
                    + " (a launcher of another version?)");
        }
        int k = Integer.parseInt(parts[1]);
        if (k != -1 && parts.length != k + 2) {
            throw new IOException("option line '" + parts[0] + "' announces " + k + " values, has " + (parts.length - 2));
        }
        try {
            f.setAccessible(true);
            if (k == -1) {
                f.set(cmd, null);
            } else if (List.class.isAssignableFrom(f.getType())) {
                Class<?> element = (Class<?>) ((ParameterizedType) f.getGenericType()).getActualTypeArguments()[0];
                List<Object> values = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    values.add(decodeValue(parts[2 + i], element));
                }
                f.set(cmd, values);
            } else {
                f.set(cmd, decodeValue(parts[2], f.getType()));
            }
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IOException("cannot set option '" + parts[0] + "' from '" + line + "': " + e, e);
        }
    }

    /** The fields picocli fills: those with {@code @Option} or {@code @Parameters}, in declaration order. */
    static List<Field> optionFields() {
        List<Field> fields = new ArrayList<>();
        for (Field f : RunCommand.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && (f.isAnnotationPresent(CommandLine.Option.class)
                    || f.isAnnotationPresent(CommandLine.Parameters.class))) {
                f.setAccessible(true);
                fields.add(f);
            }
        }
        return fields;
    }

    private static String encodeValue(Object v) {
        return URLEncoder.encode(v.toString(), StandardCharsets.UTF_8);
    }

    private static Object decodeValue(String encoded, Class<?> type) {
        String s = URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        if (type == String.class) {
            return s;
        } else if (type == int.class || type == Integer.class) {
            return Integer.valueOf(s);
        } else if (type == long.class || type == Long.class) {
            return Long.valueOf(s);
        } else if (type == boolean.class || type == Boolean.class) {
            return Boolean.valueOf(s);
        } else if (type == double.class || type == Double.class) {
            return Double.valueOf(s);
        } else if (type == Path.class) {
            return Path.of(s);
        }
        throw new IllegalArgumentException("no hand-over for options of type " + type.getName());
    }
}
