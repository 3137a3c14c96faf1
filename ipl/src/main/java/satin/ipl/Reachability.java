package satin.ipl;

/**
 * What a probe of a peer's address found ({@link Node#probe}). Only {@link #REFUSES} is evidence about the peer's
 * process: its host answered and nothing listens at the peer's address any more. A peer that is frozen, cut off or
 * slow gives {@link #SILENT}, which says nothing, so a caller must never treat it as a death.
 */
public enum Reachability {
    /** The peer answered: a link to it is open (it was, or the probe opened one). */
    ANSWERS,
    /** The peer's address refuses connections: its host answers, but its process no longer listens there. */
    REFUSES,
    /** Neither within the time given (no answer, a handshake that failed, a transport that cannot tell). */
    SILENT
}
