package satin.runtime.timeline;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The timeline of one node (one runtime): its tracks and how to write them as Chrome trace events. See the package
 * overview for what is recorded, the cost and the clocks. Thread-safe: tracks may be created from any thread.
 */
public final class Timeline {
    /** Message kinds by the first byte of a node message, for the trace's labels (index = tag). */
    private static final String[] MESSAGE_KINDS = {"?", "steal request", "steal reply", "result", "done", "statistics",
            "warm-up"};

    private final long offsetNanos;
    private final List<Track> tracks = new ArrayList<>();
    private List<String> members = List.of();
    private int self = -1;

    private Timeline(long offsetNanos) {
        this.offsetNanos = offsetNanos;
    }

    /** Timestamps on this machine's monotonic clock: timelines of JVMs on one machine align exactly. */
    public static Timeline monotonic() {
        return new Timeline(0);
    }

    /** Timestamps on the wall clock (as of now), for timelines of different machines. */
    public static Timeline wallClock() {
        return new Timeline(System.currentTimeMillis() * 1_000_000 - System.nanoTime());
    }

    /** A new row of the timeline. */
    public synchronized Track track(String name) {
        Track t = new Track(name);
        tracks.add(t);
        return t;
    }

    /** Names the run's nodes by index (peers in events are indices) and this node's index; set by the node. */
    public synchronized void members(List<String> names, int selfIndex) {
        this.members = List.copyOf(names);
        this.self = selfIndex;
    }

    /** The run's nodes by index, as {@link #members(List, int)} set them (empty for a runtime on its own). */
    public synchronized List<String> members() {
        return members;
    }

    /** This node's index among {@link #members()}, or -1. */
    public synchronized int self() {
        return self;
    }

    public synchronized List<Track> tracks() {
        return List.copyOf(tracks);
    }

    /**
     * Writes this timeline's events as Chrome trace-event objects separated by ",\n" (no enclosing array, so the
     * timelines of several nodes concatenate into one trace): process {@code pid} named {@code process}, one
     * thread per track. {@code peerNames} names the nodes of the run by index (for message and steal arguments).
     */
    public void writeEvents(Writer out, int pid, String process, List<String> peerNames) throws IOException {
        List<Track> all = tracks();
        String sep = "";
        out.write(String.format(Locale.ROOT, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":%s}}",
                pid, quote(process)));
        sep = ",\n";
        long dropped = 0;
        for (int tid = 0; tid < all.size(); tid++) {
            Track t = all.get(tid);
            out.write(sep);
            out.write(String.format(Locale.ROOT,
                    "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":%s}}", pid, tid,
                    quote(t.name())));
            long[] e = t.snapshot();
            dropped += t.dropped();
            for (int i = 0; i < e.length; i += 5) {
                out.write(sep);
                out.write(event((int) e[i], e[i + 1], e[i + 2], e[i + 3], e[i + 4], pid, tid, peerNames));
            }
        }
        if (dropped > 0) {
            out.write(sep);
            out.write(String.format(Locale.ROOT, "{\"name\":\"events dropped (track full)\",\"ph\":\"i\",\"s\":\"p\","
                    + "\"pid\":%d,\"tid\":0,\"ts\":0,\"args\":{\"dropped\":%d}}", pid, dropped));
        }
    }

    private String event(int kind, long start, long end, long a, long b, int pid, int tid, List<String> peers) {
        String ts = micros(start);
        String common = String.format(Locale.ROOT, "\"pid\":%d,\"tid\":%d,\"ts\":%s", pid, tid, ts);
        return switch (kind) {
            case Track.JOB -> "{\"name\":\"job\",\"cat\":\"job\",\"ph\":\"X\"," + common + ",\"dur\":" + duration(start, end) + "}";
            case Track.IDLE, Track.SYNC_WAIT -> "{\"name\":\"" + (kind == Track.IDLE ? "idle" : "sync wait")
                    + "\",\"cat\":\"wait\",\"ph\":\"X\"," + common + ",\"dur\":" + duration(start, end)
                    + ",\"args\":{\"failedLocalSteals\":" + a + "}}";
            case Track.LOCAL_STEAL -> "{\"name\":\"local steal\",\"cat\":\"steal\",\"ph\":\"i\",\"s\":\"t\"," + common
                    + ",\"args\":{\"victimWorker\":" + (a & 0xffff_ffffL) + ",\"jobs\":" + (a >>> 32) + ",\"failedBefore\":" + b
                    + "}}";
            case Track.LOCAL_ATTEMPTS -> "{\"name\":\"failed local steals\",\"cat\":\"steal\",\"ph\":\"i\",\"s\":\"t\","
                    + common + ",\"args\":{\"failedLocalSteals\":" + a + "}}";
            case Track.STEAL_SENT -> "{\"name\":\"steal from " + escape(peer(peers, (int) (b >>> 2)))
                    + "\",\"cat\":\"remote steal\",\"ph\":\"b\",\"id\":\"" + pid + "-" + a + "\"," + common
                    + ",\"args\":{\"victim\":" + quote(peer(peers, (int) (b >>> 2))) + ",\"wideArea\":" + ((b & 2) != 0)
                    + ",\"synchronous\":" + ((b & 1) != 0) + "}}";
            case Track.STEAL_REPLY -> "{\"name\":\"steal from " + escape(peer(peers, (int) (b >>> 1)))
                    + "\",\"cat\":\"remote steal\",\"ph\":\"e\",\"id\":\"" + pid + "-" + a + "\"," + common
                    + ",\"args\":{\"outcome\":\"" + ((b & 1) != 0 ? "job" : "empty") + "\"}}";
            case Track.MESSAGE_SENT, Track.MESSAGE_RECEIVED -> "{\"name\":\"" + kind(a) + "\",\"cat\":\"message\","
                    + "\"ph\":\"i\",\"s\":\"t\"," + common + ",\"args\":{\"" + (kind == Track.MESSAGE_SENT ? "to" : "from")
                    + "\":" + quote(peer(peers, (int) (a >>> 8))) + ",\"bytes\":" + b + "}}";
            default -> throw new IllegalStateException("unknown timeline event kind " + kind);
        };
    }

    private static String kind(long a) {
        int k = (int) (a & 0xff);
        return k < MESSAGE_KINDS.length ? MESSAGE_KINDS[k] : "message " + k;
    }

    private static String peer(List<String> peers, int index) {
        return index >= 0 && index < peers.size() ? peers.get(index) : "node " + index;
    }

    private String micros(long nanos) {
        long t = nanos + offsetNanos;
        return String.format(Locale.ROOT, "%d.%03d", Math.floorDiv(t, 1000), Math.floorMod(t, 1000));
    }

    private static String duration(long start, long end) {
        long d = Math.max(0, end - start);
        return String.format(Locale.ROOT, "%d.%03d", d / 1000, d % 1000);
    }

    static String quote(String s) {
        return "\"" + escape(s) + "\"";
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
