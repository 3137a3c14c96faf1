package satin.runtime.node;

import satin.balance.StealMode;

/**
 * Costs a node pays on purpose to emulate a measured system, for WAN emulation ({@code satin experiment}); none by
 * default. A real run never sets them: they model what another system's nodes measurably paid, not anything this
 * runtime needs.
 *
 * <p>{@code wideAreaSyncAnswerDelayNanos}: how long this node, as a victim, holds a <em>synchronous</em> steal
 * request from a node of another cluster before it takes up the request (takes a job, or finds none) and answers. The
 * paper's GridLab tables imply such a delay for RS's wide-area attempts (1.35 s by night, 0.69 s by day, in the paper's
 * time; {@code satin.simulator.paper.PaperCosts}, where the simulator adds the same delay to such a request's
 * arrival); its CRS rules it out for asynchronous requests, and local attempts were cheap. The held request waits on a
 * timer of the node's, never on the upcall thread that read it (see {@link RemoteStealing}, "Late answers").
 *
 * @param wideAreaSyncAnswerDelayNanos in real nanoseconds (an experiment divides the paper's delay by its time scale)
 */
public record EmulatedCosts(long wideAreaSyncAnswerDelayNanos) {

    /** No emulated cost: every request is taken up as it is read. */
    public static final EmulatedCosts NONE = new EmulatedCosts(0);

    public EmulatedCosts {
        if (wideAreaSyncAnswerDelayNanos < 0) {
            throw new IllegalArgumentException("a steal request's answer delay cannot be negative, got "
                    + wideAreaSyncAnswerDelayNanos + " ns");
        }
    }

    /** How long to hold a steal request of {@code mode} from a thief in another cluster ({@code wideArea}) or this one. */
    public long answerDelayNanos(boolean wideArea, StealMode mode) {
        return wideArea && mode == StealMode.SYNCHRONOUS ? wideAreaSyncAnswerDelayNanos : 0;
    }

    /** Whether any request is held at all. */
    public boolean any() {
        return wideAreaSyncAnswerDelayNanos > 0;
    }
}
