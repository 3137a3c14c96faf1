package satin.runtime.testapps;

import satin.SatinObject;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;
import satin.contract.Spawns;

/**
 * Spawns 64 (or args[0]) slow calls (20 ms asleep each, so that every node gets some even on a busy machine) whose argument is declared {@code Object} and is a {@link Secret}: the registration
 * list cannot know that class from the declared type, so a stolen job can only travel when it is named with
 * {@code --register}. Prints the number of calls that saw their payload. Hand-written in the rewriter's shape.
 */
@Rewritten(1)
public final class PayloadMain extends SatinObject {

    /** A user class that appears only behind an {@code Object} parameter. */
    public static final class Secret {
        int value = 1;
    }

    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 64;
        System.out.println("payloads seen: " + new PayloadMain().spawnAll(count));
    }

    int spawnAll(int count) {
        InvocationRecord frame = null;
        try {
            int[] seen = new int[count];
            for (int i = 0; i < count; i++) {
                if (Spawns.inline()) {
                    try {
                        seen[i] = touch(new Secret());
                    } catch (Throwable t) {
                        frame = Spawns.failed(t, frame);
                    }
                } else {
                    frame = Spawns.spawn(TouchRecord.create(this, new Secret(), seen, i), frame);
                }
            }
            Spawns.sync(frame);
            frame = null;
            int total = 0;
            for (int s : seen) {
                total += s;
            }
            return total;
        } catch (Throwable t) {
            Spawns.abandon(frame);
            throw t;
        }
    }

    public int touch(Object payload) {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return ((Secret) payload).value;
    }

    @Rewritten(1)
    static final class TouchRecord extends InvocationRecord {
        PayloadMain target;
        Object payload;
        int result;
        transient int[] destination;
        transient int index;

        static TouchRecord create(PayloadMain target, Object payload, int[] destination, int index) {
            TouchRecord r = new TouchRecord();
            r.target = target;
            r.payload = payload;
            r.destination = destination;
            r.index = index;
            return r;
        }

        @Override
        protected void execute() {
            result = target.touch(payload);
        }

        @Override
        protected void deliver() {
            destination[index] = result;
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Integer) value;
        }
    }
}
