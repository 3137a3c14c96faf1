package satin.contract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test stand-in for {@link Spawns}, swapped into rewritten classes by remapping: spawns are queued and run only
 * when their frame syncs (the latest moment the contract allows), so results used before sync() or not
 * delivered by it show up as wrong output. With {@code -Dsatin.test.alternate=true} every other spawn runs
 * inline instead, mixing both branches of each site. Single-threaded, for tests only.
 */
public final class DeferredSpawns {

    private static final Map<InvocationRecord, InvocationRecord> NEXT = new IdentityHashMap<>();
    /** Records already run (by an inlet poll), with what they threw kept in their failure field. */
    private static final java.util.Set<InvocationRecord> RAN =
            java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private static final boolean ALTERNATE = Boolean.getBoolean("satin.test.alternate");
    private static boolean toggle;

    private DeferredSpawns() {
    }

    public static boolean inline() {
        toggle = !toggle;
        return ALTERNATE && toggle;
    }

    public static InvocationRecord spawn(InvocationRecord record, InvocationRecord frame) {
        NEXT.put(record, frame);
        return record;
    }

    public static InvocationRecord failed(Throwable cause, InvocationRecord frame) {
        return spawn(new Failed(cause), frame);
    }

    public static InvocationRecord spawnInlet(InvocationRecord record, InvocationRecord frame, int group) {
        record.inlet = group;
        return spawn(record, frame);
    }

    public static InvocationRecord failedInlet(Throwable cause, InvocationRecord frame, int group) {
        return spawnInlet(new Failed(cause), frame, group);
    }

    /** Runs the frame's records oldest first until one throws for its inlet. */
    public static InvocationRecord inletPoll(InvocationRecord frame) {
        for (InvocationRecord r : oldestFirst(frame)) {
            if (!r.aborted && RAN.add(r)) {
                r.runCapturingFailure();
            }
            if (Frames.isForInlet(r)) {
                return r;
            }
        }
        return null;
    }

    public static int inletGroup(InvocationRecord record) {
        return Spawns.inletGroup(record);
    }

    public static Throwable inletFailure(InvocationRecord record) {
        return Spawns.inletFailure(record);
    }

    public static void uncaught(InvocationRecord record, Throwable failure) {
        Spawns.uncaught(record, failure);
    }

    public static boolean hasResult(InvocationRecord record) {
        return Spawns.hasResult(record);
    }

    public static void abort(InvocationRecord frame) {
        for (InvocationRecord r : oldestFirst(frame)) {
            r.aborted = true;
        }
    }

    private static List<InvocationRecord> oldestFirst(InvocationRecord frame) {
        List<InvocationRecord> records = new ArrayList<>();
        for (InvocationRecord r = frame; r != null; r = NEXT.get(r)) {
            records.add(r);
        }
        Collections.reverse(records);
        return records;
    }

    public static void sync(InvocationRecord frame) {
        List<InvocationRecord> records = new ArrayList<>();
        for (InvocationRecord r = frame; r != null; r = NEXT.remove(r)) {
            records.add(r);
        }
        Collections.reverse(records);
        Throwable first = null;
        for (InvocationRecord r : records) {
            if (!RAN.remove(r) && !r.aborted) {
                r.runCapturingFailure();
            }
            if (r.failure != null && !r.aborted && first == null) {
                first = r.failure;
            }
            r.failure = null;
        }
        if (first != null) {
            throw Spawns.sneaky(first);
        }
        for (InvocationRecord r : records) {
            if (r.hasResult()) {
                r.deliver();
            }
        }
    }

    public static void abandon(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = NEXT.remove(r)) {
            RAN.remove(r); // drop the chain
        }
    }

    private static final class Failed extends InvocationRecord {
        private final Throwable cause;

        Failed(Throwable cause) {
            this.cause = cause;
        }

        @Override
        protected void execute() throws Throwable {
            throw cause;
        }

        @Override
        public Object boxedResult() {
            return null;
        }

        @Override
        public void boxedResult(Object value) {
        }
    }
}
