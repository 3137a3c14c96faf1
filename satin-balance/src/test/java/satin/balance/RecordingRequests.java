package satin.balance;

import java.util.ArrayList;
import java.util.List;

/** Test host service that records every request a policy sends. */
final class RecordingRequests implements StealRequests {
    record Sent(int victim, StealMode mode) {
    }

    final List<Sent> sent = new ArrayList<>();

    @Override
    public void send(int victim, StealMode mode) {
        sent.add(new Sent(victim, mode));
    }

    List<Sent> drain() {
        List<Sent> copy = List.copyOf(sent);
        sent.clear();
        return copy;
    }
}
