package satin.runtime.node;

/**
 * The first byte of every message between nodes. All messages travel on one many-to-one, reliable, FIFO,
 * object-level port type to one receive port per node, handled by upcalls: ABORT on the transport's thread, at once,
 * the others on the port's thread in arrival order (see {@code SatinNode.dispatch}).
 *
 * <pre>
 * STEAL_REQUEST  int from, long requestId, byte mode, long applied (the shared-object updates the thief had applied:
 *                                                            {@link SharedReferences}), boolean inSync (the asking
 *                                                            worker waits in a sync: it gets no re-execution)
 * STEAL_REPLY    int from, long requestId, byte mode, Object record (null: no job), long jobId,
 *                boolean reExecution (the job belongs to the re-execution of lost work)
 * RESULT         int from, long jobId, Object result, String failureClass ("" = none) [, String message, String trace]
 *                (failureClass {@link #RERUN}, then String problem: the result could not be serialized, the owner
 *                runs the job itself; {@link #LOST}, then int deadThief: a relay hands the job back, as it had
 *                passed it on to a node that died)
 * DONE           int from, long mainNanos                   (master to all: main returned, stop; forwarded by every
 *                                                            node that had it when the master dies before the end)
 * STATS          int from, String node, String cluster, int length, long[length], int faultLength,
 *                long[faultLength], int deaths, (int node, long epochMillis)[deaths]  (node to master, after DONE)
 * WARMUP         int from, Object null, long -1             (to every peer before the run's clock starts)
 * ORPHANS        int from, int dead, int n, long[n] keys    (to every live node when node dead is gone: the jobs
 *                                                            from it that node from runs; see CrashRecovery)
 * SALVAGE        long key, long workNanos, then RESULT's outcome from int from on (an orphan's outcome, to all;
 *                                                            failure class {@link #RERUN}: node from will not deliver
 *                                                            it, its result cannot travel or it withdrew its copy)
 * ABORT          int from, long jobId                       (owner to thief: cancel the job it stole)
 * SHARED_SUBMIT  long 0, int origin, byte kind, long object, long serial, String method, Object byte[]
 *                                                            (a shared-object update, to the master: SharedReplication)
 * SHARED_ORDERED the same with its sequence number first     (master to every other node, in sequence order; to a
 *                                                            node that joined the running pool, first a SNAPSHOT
 *                                                            of every replica: SharedReplication)
 * LEAVING        int from                                   (a node that leaves gracefully, to every live node, after
 *                                                            its last RESULT to it: see SatinNode, graceful leave)
 * LEAVE_ACK      int from                                   (answer to LEAVING: everything before it was handled)
 * DONE_QUERY     int from, long id                          (did you see DONE? asked by the node that would run main
 *                                                            again after the master's death: see DoneInquiry)
 * DONE_ANSWER    int from, long id, boolean seen, int doneFrom, long mainNanos  (answer to DONE_QUERY)
 * SHARED_JOIN    int from                                   (a node that joined the running pool, to the master: send
 *                                                            me the replicas, then every update: SharedReplication)
 * </pre>
 * A shared object anywhere in a STEAL_REPLY's record travels as its id ({@link SharedReferences}).
 * A RESULT's failure class {@link #ABORTED} says the job was cancelled and did not complete; {@link #INLET} says the
 * failure travels as Java-serialized bytes (a {@code satin.Inlet}, whose fields the owner's inlet reads), then
 * String message, String trace, byte[] serialized.
 */
final class Tags {
    static final byte STEAL_REQUEST = 1;
    static final byte STEAL_REPLY = 2;
    static final byte RESULT = 3;
    static final byte DONE = 4;
    static final byte STATS = 5;
    static final byte WARMUP = 6;
    static final byte ORPHANS = 7;
    static final byte SALVAGE = 8;
    static final byte ABORT = 9;
    static final byte SHARED_SUBMIT = 10;
    static final byte SHARED_ORDERED = 11;
    static final byte LEAVING = 12;
    static final byte LEAVE_ACK = 13;
    static final byte DONE_QUERY = 14;
    static final byte DONE_ANSWER = 15;
    static final byte SHARED_JOIN = 16;

    /** The failure class of a RESULT whose result could not be serialized: not a class name (it has a colon). */
    static final String RERUN = "satin:rerun";

    /**
     * The failure class of a RESULT that hands a job back to the node it came from, then int deadThief: this node had
     * relayed the job to that thief, which died (see {@code RemoteStealing.takeBack}); the owner takes it back.
     */
    static final String LOST = "satin:lost";

    /** The failure class of a RESULT of a job that was aborted. */
    static final String ABORTED = "satin:aborted";
    /** The failure class of a RESULT whose failure (an inlet exception) follows serialized. */
    static final String INLET = "satin:inlet";

    private Tags() {
    }
}
