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

    public static void sync(InvocationRecord frame) {
        List<InvocationRecord> records = new ArrayList<>();
        for (InvocationRecord r = frame; r != null; r = NEXT.remove(r)) {
            records.add(r);
        }
        Collections.reverse(records);
        Throwable first = null;
        for (InvocationRecord r : records) {
            try {
                r.execute();
            } catch (Throwable t) {
                if (first == null) {
                    first = t;
                }
            }
        }
        if (first != null) {
            throw Spawns.sneaky(first);
        }
        for (InvocationRecord r : records) {
            r.deliver();
        }
    }

    public static void abandon(InvocationRecord frame) {
        for (InvocationRecord r = frame; r != null; r = NEXT.remove(r)) {
            // drop the chain
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
