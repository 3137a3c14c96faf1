package satin.trace;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Reads and writes the version-1 trace file format described in the package overview. */
public final class TraceFormat {
    static final byte[] MAGIC = "SATNTRC1".getBytes(StandardCharsets.US_ASCII);
    /** Refuse absurd counts from corrupt headers before allocating. */
    static final int MAX_JOBS = 1 << 30;

    private TraceFormat() {
    }

    public static void write(SpawnTrace trace, Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(trace, out);
        }
    }

    public static void write(SpawnTrace trace, OutputStream out) throws IOException {
        out.write(MAGIC);
        writeVarLong(out, trace.jobCount());
        for (int i = 0; i < trace.jobCount(); i++) {
            writeVarLong(out, i == 0 ? 0 : i - trace.parent(i));
            writeVarLong(out, trace.ownNanos(i));
            writeVarLong(out, trace.paramBytes(i));
            writeVarLong(out, trace.resultBytes(i));
        }
    }

    public static SpawnTrace read(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return read(in, file.toString());
        }
    }

    /** @param source name for error messages */
    public static SpawnTrace read(InputStream in, String source) throws IOException {
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new IOException(source + ": not a Satin trace (expected header SATNTRC1)");
        }
        long count = readVarLong(in, source);
        if (count < 1 || count > MAX_JOBS) {
            throw new IOException(source + ": implausible job count " + count);
        }
        int n = (int) count;
        int[] parent = new int[n];
        long[] own = new long[n];
        int[] param = new int[n];
        int[] result = new int[n];
        for (int i = 0; i < n; i++) {
            long delta = readVarLong(in, source);
            if (i == 0 ? delta != 0 : delta < 1 || delta > i) {
                throw new IOException(source + ": job " + i + " has an invalid parent offset " + delta);
            }
            parent[i] = i == 0 ? -1 : (int) (i - delta);
            own[i] = readVarLong(in, source);
            param[i] = toInt(readVarLong(in, source), source, i);
            result[i] = toInt(readVarLong(in, source), source, i);
        }
        if (in.read() != -1) {
            throw new IOException(source + ": trailing bytes after " + n + " jobs");
        }
        return new SpawnTrace(parent, own, param, result);
    }

    private static int toInt(long v, String source, int job) throws IOException {
        if (v > Integer.MAX_VALUE) {
            throw new IOException(source + ": job " + job + " has a size over 2 GB");
        }
        return (int) v;
    }

    static void writeVarLong(OutputStream out, long v) throws IOException {
        if (v < 0) {
            throw new IllegalArgumentException("trace values are non-negative, got " + v);
        }
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    static long readVarLong(InputStream in, String source) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException(source + ": trace ends in the middle of a record");
            }
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new IOException(source + ": varint longer than 9 bytes");
    }
}
