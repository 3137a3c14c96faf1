package satin.runtime.node;

/**
 * The first byte of every message between nodes. All messages travel on one many-to-one, reliable, FIFO,
 * object-level port type to one receive port per node, handled by upcalls.
 *
 * <pre>
 * STEAL_REQUEST  int from, long requestId, byte mode
 * STEAL_REPLY    int from, long requestId, byte mode, Object record (null: no job), long jobId
 * RESULT         int from, long jobId, Object result, String failureClass ("" = none) [, String message, String trace]
 *                (failureClass {@link #RERUN}, then String problem: the result could not be serialized, the owner
 *                runs the job itself)
 * DONE           int from                                   (master to all: main returned, stop)
 * STATS          int from, int length, long[length]         (node to master, after DONE)
 * WARMUP         int from, Object null, long -1             (to every peer before the run's clock starts)
 * </pre>
 */
final class Tags {
    static final byte STEAL_REQUEST = 1;
    static final byte STEAL_REPLY = 2;
    static final byte RESULT = 3;
    static final byte DONE = 4;
    static final byte STATS = 5;
    static final byte WARMUP = 6;

    /** The failure class of a RESULT whose result could not be serialized: not a class name (it has a colon). */
    static final String RERUN = "satin:rerun";

    private Tags() {
    }
}
