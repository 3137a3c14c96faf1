package satin.cli.experiment;

import java.io.IOException;
import java.io.Writer;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standard error of the host JVMs as the launcher relays it ({@code [nodeK] line}): the hosts' live progress lines
 * ({@code progress jobs=J}, {@link NodeHost#PROGRESS}) go to a consumer, summed over the hosts; every other line is
 * kept in {@code rest} (error reports). Lines arrive whole from the launcher's relay threads, one at a time.
 */
final class ProgressLines extends Writer {
    private static final Pattern LINE = Pattern.compile("^\\[(node\\d+)\\] " + NodeHost.PROGRESS + "(\\d+)$");

    private final Writer rest;
    private final LongConsumer jobsDone;
    private final StringBuilder line = new StringBuilder();
    private final java.util.Map<String, Long> perHost = new java.util.HashMap<>();

    ProgressLines(Writer rest, LongConsumer jobsDone) {
        this.rest = rest;
        this.jobsDone = jobsDone;
    }

    @Override
    public synchronized void write(char[] buf, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            char c = buf[i];
            if (c == '\n') {
                flushLine();
            } else if (c != '\r') {
                line.append(c);
            }
        }
    }

    private void flushLine() throws IOException {
        Matcher m = LINE.matcher(line);
        if (m.matches()) {
            perHost.put(m.group(1), Long.parseLong(m.group(2)));
            jobsDone.accept(perHost.values().stream().mapToLong(Long::longValue).sum());
        } else {
            rest.write(line.toString());
            rest.write('\n');
        }
        line.setLength(0);
    }

    @Override
    public synchronized void flush() throws IOException {
        rest.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        if (line.length() > 0) {
            flushLine();
        }
        rest.close();
    }
}
