package satin.runtime.spawn;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import satin.contract.InvocationRecord;

/**
 * Lazy loop splitting on a {@link Worker}: how a thief's demand is answered from the worker's counted loops (see
 * {@link satin.contract.LoopRange}) instead of by a quota of queued spawns.
 *
 * <p>Why: on a tree whose subtrees are tiny most of the time and huge now and then (UTS's binomial trees), the
 * siblings a worker can queue at the top of its stack are mostly leaves, while the unexplored siblings in the loops of
 * the thousands of frames below, the worker's real reserve, stay out of reach until it returns to them. A rewritten
 * counted loop registers itself on its thread's stack of loops at its start, for a few plain writes, and a thief's
 * demand ({@code hungry}) makes the worker split, at its next poll, <em>every</em> loop that has iterations left, as a
 * work bag gives half of what it holds: each loop keeps the low half, and the high halves become one record (a part,
 * or a {@link satin.contract.LoopParts} of several, oldest loop first), offered in the worker's {@code loopOffer} slot.
 * A thief takes it with a compare-and-set ({@link #take}), runs it (its iterations inline, splittable again) and
 * completes each part as a stolen record; the loop's exit waits for its parts, or runs one itself when no thief took
 * it. A part is a
 * record of this JVM only: another node's steal request takes records from the deques, never the slot, so remote
 * thieves get ordinary jobs as before.
 *
 * <p>On when the pool's configuration asks for it ({@link satin.runtime.RuntimeConfig#loopSplitting()}), and then only
 * in pools that batch (a threshold above 0, no trace) and do not survive crashes. In a pool that survives crashes the
 * re-execution of lost work looks up every spawn by its identity, which a part's inline iterations would bypass, so
 * there loops are never split.
 */
final class LoopSplitting {

    private static final VarHandle OFFER;

    static {
        try {
            OFFER = MethodHandles.lookup().findVarHandle(SharedWorkerFields.class, "loopOffer",
                    InvocationRecord.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private LoopSplitting() {
    }

    /** Whether a worker of a pool configured to split loops ({@code on}) with these properties splits them. */
    static boolean enabled(boolean on, boolean batching, boolean survivesCrashes) {
        return on && batching && !survivesCrashes;
    }

    /** Takes the part {@code victim} offers, or returns null when another thread took it first or none is there. */
    static InvocationRecord take(SharedWorkerFields victim) {
        InvocationRecord part = victim.loopOffer;
        return part != null && OFFER.compareAndSet(victim, part, null) ? part : null;
    }

}
