package satin.balance;

/**
 * Cluster-aware Random Stealing (paper section 2.2). One idle-loop iteration: if the wide-area flag is clear,
 * send an asynchronous steal request to a random node in a remote cluster and set the flag; then send a
 * synchronous steal request to a random node in the own cluster. The wide-area reply clears the flag; the host
 * has queued its job, if any, so the next iteration (or the host's scheduler) runs it. At most one wide-area
 * request is ever outstanding, and with one cluster no wide-area request is ever sent.
 */
public final class ClusterAwareRandomStealing implements StealPolicy {
    private final VictimSelector victims;
    private final StealRequests requests;
    private boolean wideAreaOutstanding;
    private boolean localOutstanding;

    public ClusterAwareRandomStealing(VictimSelector victims, StealRequests requests) {
        this.victims = victims;
        this.requests = requests;
    }

    @Override
    public void onIdle() {
        if (localOutstanding) {
            return; // the host is blocked in the local synchronous steal; protocol says it cannot be idle-looping
        }
        if (!wideAreaOutstanding) {
            int remote = victims.inRemoteCluster();
            if (remote >= 0) {
                wideAreaOutstanding = true;
                requests.send(remote, StealMode.ASYNCHRONOUS);
            }
        }
        int local = victims.inOwnCluster();
        if (local >= 0) {
            localOutstanding = true;
            requests.send(local, StealMode.SYNCHRONOUS);
        }
    }

    @Override
    public void onReply(int victim, StealMode mode, boolean gotJob) {
        if (mode == StealMode.ASYNCHRONOUS) {
            wideAreaOutstanding = false;
        } else {
            localOutstanding = false;
        }
    }

    /** The paper's flag: true while a wide-area steal request is unanswered. */
    public boolean wideAreaStealOutstanding() {
        return wideAreaOutstanding;
    }

    @Override
    public String name() {
        return "CRS";
    }
}
