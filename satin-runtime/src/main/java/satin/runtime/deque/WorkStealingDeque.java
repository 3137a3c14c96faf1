package satin.runtime.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A single-owner, multi-thief work-stealing deque (Chase and Lev, "Dynamic Circular Work-Stealing Deque",
 * SPAA 2005, with the fences of Lê, Pop, Cohen and Zappa Nardelli, PPoPP 2013, expressed with VarHandles).
 *
 * <h2>Algorithm</h2>
 * Elements live in a circular array indexed by two ever-growing counters: {@code top}, the index of the
 * oldest element, and {@code bottom}, one past the newest. Only the owner thread calls {@link #push},
 * {@link #pop}, {@link #popIf} and {@link #clearTaken}: it works at the bottom, last in first out. Any thread
 * may call {@link #steal}: thieves take the oldest element at the top, and a successful steal is the one
 * that wins a compare-and-set of {@code top} from {@code t} to {@code t + 1}. The owner races thieves only
 * for the last element: it then also competes with a compare-and-set on {@code top}. When the array is
 * full the owner copies the live range into an array twice the size and publishes it; thieves that still
 * read the old array read the same elements there, because live slots are never overwritten in place.
 *
 * <h2>Progress</h2>
 * {@code push}, {@code pop} and {@code popIf} are wait-free for the owner (a bounded number of steps, plus
 * an array copy when growing). {@code steal} is lock-free: it fails ({@code null}) only when the deque
 * looked empty or another thread took the element first, so some thread always makes progress. Nothing
 * blocks; nothing allocates except growth.
 *
 * <h2>Memory ordering</h2>
 * <ul>
 *   <li>{@code push} writes the element plainly, then {@code bottom} with release semantics: a thief that
 *       reads the new {@code bottom} with acquire semantics sees the element and everything the owner wrote
 *       before pushing it (the job's arguments).</li>
 *   <li>{@code pop} lowers {@code bottom} and then reads {@code top} with a full fence in between; {@code
 *       steal} reads {@code top}, then {@code bottom} with a full fence in between. This store-load ordering
 *       on both sides is what makes the owner and a thief never both take one element while the deque has
 *       more than one: at least one of them sees the other's update.</li>
 *   <li>The array reference is published with release semantics before the {@code bottom} that makes the
 *       elements in it visible; thieves read it after {@code bottom}.</li>
 *   <li>A successful compare-and-set of {@code top} is volatile, so what a thief does after taking an
 *       element is ordered after its read of the element.</li>
 * </ul>
 *
 * <h2>Garbage retention</h2>
 * Thieves never clear the slot they took (the owner may already be reusing it), so a stolen element stays
 * referenced by the array. The owner clears such slots in {@link #clearTaken} when it finds the deque empty,
 * and growth copies only the live range.
 *
 * @param <E> element type
 */
public final class WorkStealingDeque<E> extends PaddedIndices {

    private static final int INITIAL_CAPACITY = 64;

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle ARRAY;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(WorkStealingDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(WorkStealingDeque.class, "bottom", long.class);
            ARRAY = lookup.findVarHandle(WorkStealingDeque.class, "array", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // top and bottom (fields of the superclasses) sit on cache lines of their own: see PaddedIndices.
    private Object[] array = new Object[INITIAL_CAPACITY];
    /** Owner-only: slots below this index were already cleared by {@link #clearTaken}. */
    private long cleared;

    /**
     * Owner only: adds {@code element} (not null) at the bottom.
     *
     * @return how many elements the deque held just before, as far as the owner could tell (thieves may have taken
     *         some meanwhile)
     */
    public int push(E element) {
        long b = bottom;
        long t = (long) TOP.getAcquire(this);
        Object[] a = array;
        if (b - t >= a.length - 1) {
            a = grow(a, t, b);
        }
        a[(int) b & (a.length - 1)] = element;
        BOTTOM.setRelease(this, b + 1);
        return (int) (b - t);
    }

    private Object[] grow(Object[] old, long t, long b) {
        Object[] bigger = new Object[old.length << 1];
        for (long i = t; i < b; i++) {
            bigger[(int) i & (bigger.length - 1)] = old[(int) i & (old.length - 1)];
        }
        ARRAY.setRelease(this, bigger);
        cleared = t;
        return bigger;
    }

    /** Owner only: removes and returns the newest element, or {@code null} when empty. */
    @SuppressWarnings("unchecked")
    public E pop() {
        long b = bottom - 1;
        Object[] a = array;
        BOTTOM.setOpaque(this, b);
        VarHandle.fullFence();
        long t = (long) TOP.getOpaque(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1);
            return null;
        }
        int slot = (int) b & (a.length - 1);
        Object element = a[slot];
        if (t == b) {
            // The last element: race the thieves for it.
            boolean won = TOP.compareAndSet(this, t, t + 1);
            BOTTOM.setOpaque(this, b + 1);
            if (!won) {
                return null;
            }
        }
        a[slot] = null;
        return (E) element;
    }

    /**
     * Owner only: removes the newest element if it is {@code expected} (compared by identity) and no
     * thief takes it first.
     *
     * @return whether this call removed {@code expected}
     */
    public boolean popIf(E expected) {
        long b = bottom - 1;
        Object[] a = array;
        if (b < (long) TOP.getOpaque(this) || a[(int) b & (a.length - 1)] != expected) {
            return false;
        }
        return pop() == expected;
    }

    /** Any thread: removes and returns the oldest element, or {@code null} when empty or lost a race. */
    @SuppressWarnings("unchecked")
    public E steal() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();
        long b = (long) BOTTOM.getAcquire(this);
        if (t >= b) {
            return null;
        }
        Object[] a = (Object[]) ARRAY.getAcquire(this);
        Object element = a[(int) t & (a.length - 1)];
        if (element == null || !TOP.compareAndSet(this, t, t + 1)) {
            return null;
        }
        return (E) element;
    }

    /**
     * Owner only: an estimate of the number of elements (exact when no thief is active). Cheap: one plain
     * and one acquire read.
     */
    public int size() {
        long n = bottom - (long) TOP.getAcquire(this);
        return n > 0 ? (int) n : 0;
    }

    /** Any thread: an estimate of the number of elements, for a thief deciding how many to take (two acquire reads). */
    public int sizeEstimate() {
        long n = (long) BOTTOM.getAcquire(this) - (long) TOP.getAcquire(this);
        return n > 0 ? (int) n : 0;
    }

    /** Any thread: whether the deque looks empty. */
    public boolean isEmpty() {
        return (long) BOTTOM.getAcquire(this) <= (long) TOP.getAcquire(this);
    }

    /**
     * Owner only: drops the array's references to elements thieves took, if the deque is empty. A thief
     * reading a cleared slot sees {@code top} past it, so its compare-and-set fails anyway.
     */
    public void clearTaken() {
        long t = (long) TOP.getAcquire(this);
        if (t < bottom) {
            return;
        }
        Object[] a = array;
        for (long i = Math.max(cleared, t - a.length); i < t; i++) {
            a[(int) i & (a.length - 1)] = null;
        }
        cleared = t;
    }
}
