package satin.balance;

/**
 * One node's load-balancing decisions, driven by its host. Implementations are not thread-safe: a host
 * delivers events to one policy one at a time. See the package overview for the protocol.
 */
public interface StealPolicy {
    /** The host has nothing to run and is not blocked in a synchronous steal: send what one idle-loop iteration sends. */
    void onIdle();

    /**
     * The reply to an earlier request to {@code victim} arrived. When {@code gotJob} is true the host has already
     * queued the stolen job.
     */
    void onReply(int victim, StealMode mode, boolean gotJob);

    /** Short name for reports, e.g. "RS". */
    String name();
}
