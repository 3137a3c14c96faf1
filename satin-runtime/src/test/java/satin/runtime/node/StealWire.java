package satin.runtime.node;

import java.io.IOException;
import java.util.Random;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.balance.RandomVictimSelector;
import satin.contract.InvocationRecord;
import satin.ipl.IplProperties;
import satin.ipl.ReadMessage;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;
import satin.runtime.spawn.WorkerPool;

/**
 * Messages that a test playing a node over a real IPL node reads and writes, in the format of {@link RemoteStealing}:
 * one place for them, so the tests that play a node agree with each other and with the runtime.
 */
final class StealWire {
    private StealWire() {
    }

    /** Two real IPL nodes whose serialization list holds {@link Doubling}, the job these tests ship. */
    static IplPair pair() throws Exception {
        return new IplPair(c -> c.set(IplProperties.SERIALIZATION_CLASSES, Doubling.class.getName()));
    }

    /** Node {@code node}'s peers in {@code pair}, with the runs' 60 s timeout. */
    static Peers peers(IplPair pair, int node) throws IOException {
        return new Peers(pair.node(node), SatinNode.PORT_TYPE, pair.members, 60_000);
    }

    /** Node 0's runtime side: {@code remote} drives {@code policy} for {@code workers} workers, started. */
    static WorkerPool start(RemoteStealing remote, BalancePolicies policy, ClusterMap clusters, int workers) {
        WorkerPool pool = new WorkerPool("node0", workers, 2, remote);
        remote.attach(policy.create(new RandomVictimSelector(clusters, 0, new Random(1)), remote::request), pool);
        pool.start();
        return pool;
    }

    /** Reads a RESULT (its tag already read): {job id, value}, the value -1 when the job failed. */
    static long[] readResult(ReadMessage m) throws IOException {
        long jobId = m.readLong();
        m.readInt(); // the node that ran it
        Object value = m.readObject();
        String failureClass = m.readString();
        m.finish();
        return new long[] {jobId, failureClass.isEmpty() ? (Long) value : -1};
    }

    /** Sends node {@code to} node {@code from}'s STEAL_REPLY to request {@code requestId}, with {@code job} or none. */
    static void sendReply(Peers peers, int to, int from, long requestId, byte mode, InvocationRecord job, long jobId)
            throws IOException {
        peers.send(to, Tags.STEAL_REPLY, out -> {
            out.writeInt(from);
            out.writeLong(requestId);
            out.writeByte(mode);
            out.writeObject(job);
            out.writeLong(jobId);
            out.writeBoolean(false);
        });
    }
}
