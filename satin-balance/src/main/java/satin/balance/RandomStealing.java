package satin.balance;

/**
 * Random Stealing (paper section 2.1): every idle-loop iteration sends one synchronous steal request to a node
 * chosen uniformly among all other nodes. The outstanding flag only guards against a host that calls
 * {@link #onIdle()} while a synchronous request is pending, which the protocol forbids.
 */
public final class RandomStealing implements StealPolicy {
    private final VictimSelector victims;
    private final StealRequests requests;
    private boolean outstanding;

    public RandomStealing(VictimSelector victims, StealRequests requests) {
        this.victims = victims;
        this.requests = requests;
    }

    @Override
    public void onIdle() {
        if (outstanding) {
            return;
        }
        int victim = victims.anyOther();
        if (victim < 0) {
            return; // alone in the run: nobody to ask
        }
        outstanding = true;
        requests.send(victim, StealMode.SYNCHRONOUS);
    }

    @Override
    public void onReply(int victim, StealMode mode, boolean gotJob) {
        outstanding = false;
    }

    /** True while the synchronous request is unanswered. */
    public boolean hasOutstandingRequest() {
        return outstanding;
    }

    @Override
    public String name() {
        return "RS";
    }
}
