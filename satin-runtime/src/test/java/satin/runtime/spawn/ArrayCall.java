package satin.runtime.spawn;

import java.util.function.LongSupplier;
import satin.contract.InvocationRecord;

/**
 * Test stand-in for a generated invocation record whose result goes to an array element: the call is a
 * lambda, the destination is transient as the contract requires, and {@link #deliver()} stores the result
 * (and optionally notes the delivery, to check the order).
 */
final class ArrayCall extends InvocationRecord {
    private final transient long[] dest;
    private final transient int index;
    private final transient DeliveryLog log;
    private final LongSupplier call;
    long result;

    ArrayCall(long[] dest, int index, LongSupplier call, DeliveryLog log) {
        this.dest = dest;
        this.index = index;
        this.call = call;
        this.log = log;
    }

    @Override
    protected void execute() {
        result = call.getAsLong();
    }

    @Override
    protected void deliver() {
        dest[index] = result;
        if (log != null) {
            log.delivered(index);
        }
    }

    @Override
    public Object boxedResult() {
        return result;
    }

    @Override
    public void boxedResult(Object value) {
        result = (Long) value;
    }

    /** Notes deliveries; used only on the owner thread. */
    interface DeliveryLog {
        void delivered(int index);
    }
}
