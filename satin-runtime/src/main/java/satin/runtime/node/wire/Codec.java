package satin.runtime.node.wire;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.NodeStatistics;

/**
 * The one place where the node protocol's messages ({@link Message}) are written to and read from the IPL.
 *
 * <h2>Layout</h2>
 * Every message is its tag (one byte, {@link #tagOf}), the sender's number (int), then its fields in the order of its
 * record. Objects (a job, a value) go through the IPL's Kryo serialization ({@code writeObject}); a shared object
 * inside a job travels as a reference ({@link JobScope}). An {@link Outcome} is an object (the value, null for any
 * other outcome), a kind byte, then the kind's fields: a {@link Outcome.Thrown} as its class name, message, stack
 * trace and its Java serialization, so the exception itself arrives with its cause and fields ({@link JavaValues};
 * one that cannot be serialized is rebuilt from its name, see {@link RemoteFailure}, saying why), an {@link Outcome.InletThrown} as message, trace and its Java serialization (its fields
 * arrive: {@link JavaValues}), a {@link Outcome.Rerun} as its problem, a {@link Outcome.Lost} as the dead thief. The
 * statistics carry {@link NodeStatistics#VERSION} first.
 *
 * <h2>Writing decides nothing</h2>
 * {@link #write} writes what the message says and changes no state anywhere. Two things may not be writable, and each
 * has one fixed representation instead: a value whose class is not in the serialization list goes as
 * {@link Outcome.Rerun} (the owner runs the job itself; an inlet exception that cannot be serialized goes as a plain
 * {@link Outcome.Thrown}), and a job that cannot be written makes its reply go without a job: {@link #write} then
 * returns an {@link Unwritten} naming the job and the cause, for the caller to decide what becomes of the job.
 *
 * <h2>Reading checks everything</h2>
 * {@link #read} returns a complete message or throws {@link WireException} naming what was wrong (an unknown tag, a
 * count beyond what the message holds, an object of the wrong kind, another version of the statistics); it never
 * throws anything else and allocates no more than the message's size.
 *
 * <p>Thread safety: a codec holds no state of its own; any number of threads may use it at once.
 */
public final class Codec {

    /** The first byte of each message. */
    static final byte STEAL_REQUEST = 1;
    static final byte STEAL_REPLY = 2;
    static final byte RESULT = 3;
    static final byte DONE = 4;
    static final byte STATISTICS = 5;
    static final byte WARMUP = 6;
    static final byte ORPHANS = 7;
    static final byte SALVAGE = 8;
    static final byte ABORT = 9;
    static final byte SHARED_SUBMIT = 10;
    static final byte SHARED_ORDERED = 11;
    static final byte LEAVING = 12;
    static final byte LEAVE_ACK = 13;
    static final byte DONE_QUERY = 14;
    static final byte DONE_ANSWER = 15;
    static final byte SHARED_JOIN = 16;

    private static final byte VALUE = 0;
    private static final byte THROWN = 1;
    private static final byte INLET = 2;
    private static final byte ABORTED = 3;
    private static final byte RERUN = 4;
    private static final byte LOST = 5;

    /** How a job is written: around its {@code writeObject}, the thief's view of the shared objects is in force. */
    @FunctionalInterface
    public interface JobScope {
        /** No shared objects: the job is written as it is. */
        JobScope PLAIN = (thiefApplied, write) -> write.run();

        /** Runs {@code write}, which writes a job for a thief that had applied {@code thiefApplied} updates. */
        void write(long thiefApplied, IoAction write) throws IOException;
    }

    /** A write that may fail. */
    @FunctionalInterface
    public interface IoAction {
        void run() throws IOException;
    }

    /** A reply's job that could not be written ({@code cause}): the reply went without it. */
    public record Unwritten(ShippedJob job, IOException cause) {
    }

    private final ClassLoader loader;
    private final JobScope jobs;

    /**
     * @param loader the program's class loader, for the exceptions that travel by name or serialized
     * @param jobs   how jobs are written ({@link JobScope#PLAIN} without shared objects)
     */
    public Codec(ClassLoader loader, JobScope jobs) {
        this.loader = loader;
        this.jobs = jobs;
    }

    /** Whether a message whose first byte is {@code lead} is handled at once on arrival: an ABORT. */
    public static boolean express(byte lead) {
        return lead == ABORT;
    }

    /** The tag of {@code message} (its first byte; the timeline records it per message). */
    public static byte tagOf(Message message) {
        if (message instanceof Message.StealRequest) {
            return STEAL_REQUEST;
        } else if (message instanceof Message.StealReply) {
            return STEAL_REPLY;
        } else if (message instanceof Message.Result) {
            return RESULT;
        } else if (message instanceof Message.Done) {
            return DONE;
        } else if (message instanceof Message.Statistics) {
            return STATISTICS;
        } else if (message instanceof Message.Warmup) {
            return WARMUP;
        } else if (message instanceof Message.Orphans) {
            return ORPHANS;
        } else if (message instanceof Message.Salvage) {
            return SALVAGE;
        } else if (message instanceof Message.Abort) {
            return ABORT;
        } else if (message instanceof Message.SharedSubmit) {
            return SHARED_SUBMIT;
        } else if (message instanceof Message.SharedOrdered) {
            return SHARED_ORDERED;
        } else if (message instanceof Message.Leaving) {
            return LEAVING;
        } else if (message instanceof Message.LeaveAck) {
            return LEAVE_ACK;
        } else if (message instanceof Message.DoneQuery) {
            return DONE_QUERY;
        } else if (message instanceof Message.DoneAnswer) {
            return DONE_ANSWER;
        } else if (message instanceof Message.SharedJoin) {
            return SHARED_JOIN;
        }
        throw new IllegalArgumentException("not a message of the protocol: " + message);
    }

    /**
     * Writes {@code message} (tag first) into {@code out}; does not finish it. Returns null, or the job of a
     * {@link Message.StealReply} that could not be written (the reply then carries none).
     */
    public Unwritten write(Message message, WriteMessage out) throws IOException {
        out.writeByte(tagOf(message));
        out.writeInt(message.from());
        if (message instanceof Message.StealRequest m) {
            out.writeLong(m.requestId());
            out.writeBoolean(m.synchronous());
            out.writeLong(m.sharedApplied());
            out.writeBoolean(m.inSync());
        } else if (message instanceof Message.StealReply m) {
            out.writeLong(m.requestId());
            out.writeBoolean(m.synchronous());
            return writeJob(m.job(), out);
        } else if (message instanceof Message.Result m) {
            out.writeLong(m.jobId());
            writeOutcome(m.outcome(), out, m.from());
        } else if (message instanceof Message.Done m) {
            out.writeInt(m.master());
            out.writeLong(m.mainNanos());
        } else if (message instanceof Message.Statistics m) {
            writeStatistics(m.statistics(), out);
        } else if (message instanceof Message.Warmup) {
            out.writeObject(null); // as a reply without a job: the first object written warms serialization up
            out.writeLong(-1);
        } else if (message instanceof Message.Orphans m) {
            long[] keys = m.keys();
            out.writeInt(m.dead());
            out.writeInt(keys.length);
            out.writeArray(keys);
        } else if (message instanceof Message.Salvage m) {
            out.writeLong(m.key());
            out.writeLong(m.workNanos());
            writeOutcome(m.outcome(), out, m.from());
        } else if (message instanceof Message.Abort m) {
            out.writeLong(m.jobId());
        } else if (message instanceof Message.SharedSubmit m) {
            writeUpdate(m.update(), out);
        } else if (message instanceof Message.SharedOrdered m) {
            writeUpdate(m.update(), out);
        } else if (message instanceof Message.DoneQuery m) {
            out.writeLong(m.id());
        } else if (message instanceof Message.DoneAnswer m) {
            out.writeLong(m.id());
            out.writeBoolean(m.seen());
            out.writeInt(m.doneFrom());
            out.writeLong(m.mainNanos());
        } // Leaving, LeaveAck and SharedJoin are their sender alone
        return null;
    }

    /** A reply's job, its id and whether it is a re-execution; a job that cannot be written goes as none. */
    private Unwritten writeJob(ShippedJob job, WriteMessage out) throws IOException {
        Unwritten unwritten = null;
        if (job != null) {
            try {
                jobs.write(job.thiefApplied(), () -> out.writeObject(job.record()));
                out.writeLong(job.jobId());
                out.writeBoolean(job.reExecution());
                return null;
            } catch (IOException e) {
                unwritten = new Unwritten(job, e);
            }
        }
        out.writeObject(null);
        out.writeLong(-1);
        out.writeBoolean(false);
        return unwritten;
    }

    private void writeOutcome(Outcome outcome, WriteMessage out, int self) throws IOException {
        if (outcome instanceof Outcome.Value v) {
            try {
                out.writeObject(v.value());
                out.writeByte(VALUE);
                return;
            } catch (UnregisteredClassException e) {
                writeOutcome(new Outcome.Rerun(String.valueOf(e.getMessage())), out, self);
                return;
            } catch (IOException e) {
                outcome = new Outcome.Thrown(new IllegalStateException("node " + self + " cannot send a result back: "
                        + e.getMessage(), e));
            }
        }
        out.writeObject(null);
        if (outcome instanceof Outcome.Thrown t) {
            writeThrown(t.failure(), out);
        } else if (outcome instanceof Outcome.InletThrown t) {
            byte[] bytes;
            try {
                bytes = JavaValues.write(t.inlet());
            } catch (IOException e) {
                writeThrown(t.inlet(), out); // a field that cannot be serialized: name and message travel
                return;
            }
            out.writeByte(INLET);
            out.writeString(String.valueOf(t.inlet().getMessage()));
            out.writeString(trace(t.inlet()));
            out.writeObject(bytes);
        } else if (outcome instanceof Outcome.Aborted) {
            out.writeByte(ABORTED);
        } else if (outcome instanceof Outcome.Rerun r) {
            out.writeByte(RERUN);
            out.writeString(r.problem());
        } else if (outcome instanceof Outcome.Lost l) {
            out.writeByte(LOST);
            out.writeInt(l.deadThief());
        } else {
            throw new IllegalStateException("a value that was written above: " + outcome);
        }
    }

    /**
     * An exception as its class name, message and stack trace, then its Java serialization (the exception itself, with
     * its cause, suppressed exceptions and fields) or, when it cannot be serialized, null and why not.
     */
    private static void writeThrown(Throwable failure, WriteMessage out) throws IOException {
        out.writeByte(THROWN);
        out.writeString(failure.getClass().getName());
        out.writeString(String.valueOf(failure.getMessage()));
        out.writeString(trace(failure));
        byte[] bytes;
        try {
            bytes = JavaValues.write(failure);
        } catch (IOException e) {
            out.writeObject(null);
            out.writeString(String.valueOf(e.getMessage()));
            return;
        }
        out.writeObject(bytes);
    }

    /** Reads what {@link #writeThrown} wrote after its kind: the exception itself, or a stand-in saying why not. */
    private Throwable readThrown(ReadMessage in, int from) throws IOException {
        String className = in.readString();
        String message = in.readString();
        String trace = in.readString();
        Object bytes = in.readObject();
        String problem;
        if (bytes instanceof byte[] serialized) {
            try {
                if (JavaValues.read(serialized, loader, "the exception (" + className + ") node " + from
                        + " sent") instanceof Throwable t) {
                    return t;
                }
                problem = "node " + from + " sent an exception that is not a Throwable";
            } catch (IOException e) {
                problem = e.getMessage();
            }
        } else if (bytes == null) {
            problem = in.readString();
        } else {
            throw new WireException("node " + from + " sent an exception as a " + bytes.getClass().getName());
        }
        return RemoteFailure.rebuild(className, message, trace + "(it could not travel whole: " + problem + ")\n",
                from, loader);
    }

    private static String trace(Throwable failure) {
        StringWriter trace = new StringWriter();
        failure.printStackTrace(new PrintWriter(trace));
        return trace.toString();
    }

    private static void writeStatistics(NodeStatistics s, WriteMessage out) throws IOException {
        out.writeInt(NodeStatistics.VERSION);
        NodeReport r = s.report();
        out.writeString(r.node());
        out.writeString(r.cluster());
        for (long figure : new long[] {r.workers(), r.spawns(), r.inlined(), r.jobsExecuted(), r.localStealAttempts(),
            r.localSteals(), r.intraClusterStealAttempts(), r.intraClusterSteals(), r.interClusterStealAttempts(),
            r.interClusterSteals(), r.jobsExported(), r.intraClusterMessages(), r.intraClusterBytes(),
            r.interClusterMessages(), r.interClusterBytes(), r.runNanos(), r.idleNanos(), r.stealWaitNanos(),
            r.processCpuNanos(), r.jobsAborted(), r.sharedObjects(), r.sharedWrites(), r.sharedApplied(),
            r.wastedNanos()}) {
            out.writeLong(figure);
        }
        NodeFaults f = s.faults();
        out.writeString(f.node());
        for (long figure : new long[] {f.requeued(), f.reExecutionNanos(), f.lostWorkNanos(), f.salvaged(),
            f.reused(), f.reusedWorkNanos(), f.waited(), f.salvagedWorkNanos(), f.orphans(), f.lateWorkNanos(),
            f.orphanWorkNanos(), f.reusedOrphanWorkNanos(), f.keptDropped(), f.keptDroppedBytes()}) {
            out.writeLong(figure);
        }
        out.writeInt(s.detectedMillis().size());
        for (Map.Entry<Integer, Long> e : s.detectedMillis().entrySet()) {
            out.writeInt(e.getKey());
            out.writeLong(e.getValue());
        }
    }

    private static void writeUpdate(SharedUpdate u, WriteMessage out) throws IOException {
        out.writeLong(u.seq());
        out.writeInt(u.origin());
        out.writeByte(u.kind());
        out.writeLong(u.object());
        out.writeLong(u.serial());
        out.writeString(u.method());
        out.writeObject(u.bytes());
    }

    // ---- reading ----

    /** Reads one whole message from {@code in} and finishes it. */
    public Message read(ReadMessage in) throws WireException {
        byte tag = -1;
        try {
            tag = in.readByte();
            Message m = read(tag, in.readInt(), in);
            in.finish();
            return m;
        } catch (WireException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new WireException("cannot read " + (tag < 0 ? "a message" : "message " + tag) + ": " + e, e);
        }
    }

    private Message read(byte tag, int from, ReadMessage in) throws IOException {
        return switch (tag) {
            case STEAL_REQUEST -> new Message.StealRequest(from, in.readLong(), in.readBoolean(), in.readLong(),
                    in.readBoolean());
            case STEAL_REPLY -> {
                long requestId = in.readLong();
                boolean synchronous = in.readBoolean();
                Object job = in.readObject(); // shared objects in it: this node's replicas
                long jobId = in.readLong();
                boolean reExecution = in.readBoolean();
                if (job != null && !(job instanceof InvocationRecord)) {
                    throw new WireException("node " + from + " sent a " + job.getClass().getName() + " as a job");
                }
                yield new Message.StealReply(from, requestId, synchronous,
                        job == null ? null : new ShippedJob((InvocationRecord) job, jobId, reExecution));
            }
            case RESULT -> new Message.Result(from, in.readLong(), readOutcome(in, from));
            case DONE -> new Message.Done(from, in.readInt(), in.readLong());
            case STATISTICS -> new Message.Statistics(from, readStatistics(in, from));
            case WARMUP -> {
                in.readObject();
                in.readLong();
                yield new Message.Warmup(from);
            }
            case ORPHANS -> {
                int dead = in.readInt();
                long[] keys = new long[count(in.readInt(), 8, in, "orphans")];
                in.readArray(keys);
                yield new Message.Orphans(from, dead, keys);
            }
            case SALVAGE -> {
                long key = in.readLong();
                long workNanos = in.readLong();
                yield new Message.Salvage(from, key, workNanos, readOutcome(in, from));
            }
            case ABORT -> new Message.Abort(from, in.readLong());
            case SHARED_SUBMIT -> new Message.SharedSubmit(from, readUpdate(in, from));
            case SHARED_ORDERED -> new Message.SharedOrdered(from, readUpdate(in, from));
            case LEAVING -> new Message.Leaving(from);
            case LEAVE_ACK -> new Message.LeaveAck(from);
            case DONE_QUERY -> new Message.DoneQuery(from, in.readLong());
            case DONE_ANSWER -> new Message.DoneAnswer(from, in.readLong(), in.readBoolean(), in.readInt(),
                    in.readLong());
            case SHARED_JOIN -> new Message.SharedJoin(from);
            default -> throw new WireException("unknown message tag " + tag + " from node " + from);
        };
    }

    private Outcome readOutcome(ReadMessage in, int from) throws IOException {
        Object value = in.readObject();
        byte kind = in.readByte();
        if (kind != VALUE && value != null) {
            throw new WireException("node " + from + " sent a value with an outcome of kind " + kind);
        }
        return switch (kind) {
            case VALUE -> new Outcome.Value(value);
            case THROWN -> new Outcome.Thrown(readThrown(in, from));
            case INLET -> {
                String message = in.readString();
                String trace = in.readString();
                if (!(in.readObject() instanceof byte[] bytes)) {
                    throw new WireException("node " + from + " sent an inlet exception that is not serialized");
                }
                Object inlet = JavaValues.read(bytes, loader, "the inlet exception (" + message + ") node " + from
                        + " sent, thrown at\n" + trace + "\n");
                if (!(inlet instanceof Throwable t)) {
                    throw new WireException("node " + from + " sent an inlet exception that is not a Throwable: "
                            + inlet.getClass().getName());
                }
                yield new Outcome.InletThrown(t);
            }
            case ABORTED -> new Outcome.Aborted();
            case RERUN -> new Outcome.Rerun(in.readString());
            case LOST -> new Outcome.Lost(in.readInt());
            default -> throw new WireException("node " + from + " sent an outcome of unknown kind " + kind);
        };
    }

    private static NodeStatistics readStatistics(ReadMessage in, int from) throws IOException {
        int version = in.readInt();
        if (version != NodeStatistics.VERSION) {
            throw new WireException("node " + from + " sent statistics of version " + version + "; this node reads "
                    + "version " + NodeStatistics.VERSION + " (are the nodes of one build?)");
        }
        NodeReport report = new NodeReport(in.readString(), in.readString(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong());
        NodeFaults faults = new NodeFaults(in.readString(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong());
        Map<Integer, Long> detected = new HashMap<>();
        for (int n = count(in.readInt(), 12, in, "detections"); n > 0; n--) {
            detected.put(in.readInt(), in.readLong());
        }
        return new NodeStatistics(report, faults, detected);
    }

    private static SharedUpdate readUpdate(ReadMessage in, int from) throws IOException {
        long seq = in.readLong();
        int origin = in.readInt();
        byte kind = in.readByte();
        long object = in.readLong();
        long serial = in.readLong();
        String method = in.readString();
        Object bytes = in.readObject();
        if (!SharedUpdate.travels(kind) || !(bytes instanceof byte[] b) || origin < 0 || method == null) {
            throw new WireException("malformed shared-object update from node " + from);
        }
        return new SharedUpdate(seq, origin, kind, object, serial, method, b);
    }

    /** A count read from the message, checked against what the message still holds at {@code size} bytes each. */
    private static int count(int n, int size, ReadMessage in, String what) throws WireException {
        if (n < 0 || (long) n * size > in.remaining()) {
            throw new WireException("a message claims " + n + " " + what + " in " + in.remaining() + " bytes");
        }
        return n;
    }
}
