package satin.contract;

/**
 * Parts split off several loops of one worker for one thief ({@link LoopStack#split()}), run one after another: a
 * range over the parts, so that it can be split again like any loop. Each part is run as a stolen record of its own
 * ({@link SpawnThread#runPart}): its loop's exit waits for that part, not for this bundle, which nobody waits for.
 */
public final class LoopParts extends LoopRange {

    private final LoopRange[] parts;

    LoopParts(LoopRange[] parts) {
        this.parts = parts;
        this.end = parts.length;
    }

    /** How many parts this bundle was made of. */
    public int size() {
        return parts.length;
    }

    /** The {@code k}-th part, oldest loop first. */
    public InvocationRecord part(int k) {
        return parts[k];
    }

    @Override
    protected void iterate(int k) {
        ((SpawnThread) Thread.currentThread()).runPart(parts[k]);
    }
}
