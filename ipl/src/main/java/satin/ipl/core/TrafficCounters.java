package satin.ipl.core;

import java.util.concurrent.atomic.LongAdder;

import satin.ipl.CommunicationStatistics;

/** Per-node message and byte counters, split into intra- and inter-cluster traffic. */
final class TrafficCounters {
    private final LongAdder intraMessages = new LongAdder();
    private final LongAdder intraBytes = new LongAdder();
    private final LongAdder interMessages = new LongAdder();
    private final LongAdder interBytes = new LongAdder();
    private final LongAdder receivedMessages = new LongAdder();
    private final LongAdder receivedBytes = new LongAdder();

    void sent(boolean sameCluster, long bytes) {
        if (sameCluster) {
            intraMessages.increment();
            intraBytes.add(bytes);
        } else {
            interMessages.increment();
            interBytes.add(bytes);
        }
    }

    void received(long bytes) {
        receivedMessages.increment();
        receivedBytes.add(bytes);
    }

    CommunicationStatistics snapshot() {
        return new CommunicationStatistics(intraMessages.sum(), intraBytes.sum(), interMessages.sum(),
                interBytes.sum(), receivedMessages.sum(), receivedBytes.sum());
    }
}
