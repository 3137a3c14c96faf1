package satin.runtime.node.wire;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import satin.contract.InvocationRecord;
import satin.runtime.node.report.NodeFaults;
import satin.runtime.node.report.NodeReport;
import satin.runtime.node.report.NodeStatistics;

/**
 * A message of every kind, and every kind of outcome in a RESULT and a SALVAGE, for the codec's round trips; and a
 * form of a message that compares by value (exceptions by class and message, jobs by their fields).
 */
public final class MessageSamples {

    private MessageSamples() {
    }

    /** One of every message, every outcome, with a job built by {@code job} (its argument given). */
    public static List<Message> all(java.util.function.LongFunction<InvocationRecord> job) {
        List<Message> all = new ArrayList<>();
        all.add(new Message.StealRequest(3, 41, true, 17, false));
        all.add(new Message.StealRequest(3, 42, false, -1, true));
        all.add(new Message.StealReply(2, 41, true, new ShippedJob(job.apply(21), 7, true)));
        all.add(new Message.StealReply(2, 42, false, null));
        for (Outcome o : outcomes()) {
            all.add(new Message.Result(1, 7, o));
            all.add(new Message.Salvage(1, 0x1234_5678_9ABCL, 5_000_000, o));
        }
        all.add(new Message.Done(4, 0, 123_456_789));
        all.add(new Message.Statistics(2, new NodeStatistics(
                new NodeReport("n2", "c1", 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                        23, 24, 25),
                new NodeFaults("n2", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), Map.of(0, 1_700_000_000_000L, 5, 1L))));
        all.add(new Message.Warmup(0));
        all.add(new Message.Orphans(1, 3, new long[] {5, -6, Long.MAX_VALUE}));
        all.add(new Message.Orphans(1, 3, new long[0]));
        all.add(new Message.Abort(0, 99));
        all.add(new Message.SharedSubmit(2, new SharedUpdate(0, 2, SharedUpdate.WRITE, 1L << 40 | 3, 8, "add(I)V",
                new byte[] {1, 2, 3})));
        all.add(new Message.SharedOrdered(0, new SharedUpdate(17, 2, SharedUpdate.CREATE, 5, 0, "", new byte[0])));
        all.add(new Message.SharedOrdered(0, new SharedUpdate(17, 0, SharedUpdate.SNAPSHOT, 0, 0, "",
                new byte[] {9})));
        all.add(new Message.Leaving(3));
        all.add(new Message.LeaveAck(1));
        all.add(new Message.DoneQuery(1, 2));
        all.add(new Message.DoneAnswer(2, 2, true, 0, 77));
        all.add(new Message.DoneAnswer(2, 3, false, -1, -1));
        all.add(new Message.SharedJoin(5));
        return all;
    }

    /** Every kind of outcome. */
    public static List<Outcome> outcomes() {
        return List.of(new Outcome.Value(42L), new Outcome.Value(null),
                new Outcome.Thrown(new IllegalArgumentException("bad argument")),
                new Outcome.InletThrown(new Found(7)), new Outcome.Aborted(),
                new Outcome.Rerun("class a.B is not in the serialization list"), new Outcome.Lost(3),
                new Outcome.Lost(-1));
    }

    /** An inlet exception with a field its catch block reads. */
    public static final class Found extends satin.Inlet {
        private static final long serialVersionUID = 1L;
        public final int where;

        public Found(int where) {
            this.where = where;
        }

        @Override
        public String toString() {
            return "Found(" + where + ")";
        }
    }

    /**
     * {@code o} in a form that compares by value: records as the list of their components, exceptions by class and
     * message (an {@link Outcome.InletThrown}'s by its fields too), arrays and maps by their contents, jobs by their
     * public fields; the shared-object position a reply is written for is left out (it does not travel).
     */
    public static Object normal(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof ShippedJob j) {
            return List.of(normal(j.record()), j.jobId(), j.reExecution());
        }
        if (o instanceof Found f) {
            return "Found(" + f.where + ")";
        }
        if (o instanceof Throwable t) {
            return t.getClass().getName() + ": " + t.getMessage();
        }
        if (o instanceof InvocationRecord r) {
            List<Object> fields = new ArrayList<>(List.of(r.getClass().getSimpleName()));
            for (var f : r.getClass().getFields()) {
                try {
                    fields.add(f.get(r));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (r instanceof BytesMessage.Job b) {
                fields.add(b.argument);
            }
            return fields;
        }
        if (o instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (o instanceof long[] l) {
            return Arrays.toString(l);
        }
        if (o instanceof Map<?, ?> m) {
            return new TreeMap<>(m).toString();
        }
        if (o instanceof Record r) {
            List<Object> parts = new ArrayList<>(List.of(r.getClass().getSimpleName()));
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    c.getAccessor().setAccessible(true);
                    parts.add(normal(c.getAccessor().invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return parts;
        }
        return o;
    }
}
