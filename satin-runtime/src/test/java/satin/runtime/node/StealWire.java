package satin.runtime.node;

import java.io.IOException;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.balance.RandomVictimSelector;
import satin.balance.StealMode;
import satin.contract.InvocationRecord;
import satin.ipl.IplProperties;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;
import satin.runtime.spawn.WorkerPool;

/**
 * Messages that a test playing a node over a real IPL node reads and writes, in the format of {@link RemoteStealing}:
 * one place for them, so the tests that play a node agree with each other and with the runtime.
 */
final class StealWire {

    /** A job that runs on its own node only: it has no result to ship. */
    abstract static class LocalJob extends InvocationRecord {
        @Override
        public Object boxedResult() {
            return null;
        }

        @Override
        public void boxedResult(Object value) {
        }
    }
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

    /**
     * Node 0's receive port in {@code pair}: steal requests, replies, results and aborts go to {@code remote} as
     * {@code SatinNode} dispatches them; any other message is a failure in {@code fatal}.
     */
    static ReceivePort nodeInbox(IplPair pair, RemoteStealing remote, AtomicReference<Throwable> fatal) throws IOException {
        ClassLoader loader = StealWire.class.getClassLoader();
        return pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, m -> {
            byte tag = m.readByte();
            switch (tag) {
                case Tags.STEAL_REQUEST -> remote.onStealRequest(m);
                case Tags.STEAL_REPLY -> remote.onStealReply(m);
                case Tags.RESULT -> remote.onResult(m, loader);
                case Tags.ABORT -> remote.onAbort(m);
                default -> fatal.set(new AssertionError("unexpected message " + tag));
            }
        });
    }

    /**
     * Node 0's receive port in {@code pair} when node 0 only steals: steal replies go to {@code remote}; any other
     * message is a failure in {@code fatal}.
     */
    static ReceivePort thiefInbox(IplPair pair, RemoteStealing remote, AtomicReference<Throwable> fatal) throws IOException {
        return pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, m -> {
            byte tag = m.readByte();
            if (tag != Tags.STEAL_REPLY) {
                fatal.set(new AssertionError("unexpected message " + tag));
                return;
            }
            remote.onStealReply(m);
        });
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

    /** A steal request as the victim reads it (after the tag). */
    record Request(int thief, long requestId, byte mode, boolean inSync) {
        static Request read(ReadMessage m) throws IOException {
            int thief = m.readInt();
            long requestId = m.readLong();
            byte mode = m.readByte();
            m.readLong(); // the shared-object updates the thief applied
            boolean inSync = m.readBoolean();
            m.finish();
            return new Request(thief, requestId, mode, inSync);
        }
    }

    /** Answers {@code request} from node {@code self}: {@code job} under {@code jobId}, or no job when null. */
    static void reply(Peers peers, int self, Request request, InvocationRecord job, long jobId) throws IOException {
        peers.send(request.thief(), Tags.STEAL_REPLY, out -> {
            out.writeInt(self);
            out.writeLong(request.requestId());
            out.writeByte(request.mode());
            out.writeObject(job);
            out.writeLong(job == null ? -1 : jobId);
            out.writeBoolean(false);
        });
    }

    /** A steal reply as the thief reads it (after the tag): the request it answers, and the job (null: none) and its id. */
    record Reply(long requestId, Object job, long jobId) {
        static Reply read(ReadMessage m) throws IOException {
            m.readInt(); // the victim
            long requestId = m.readLong();
            m.readByte(); // the request's mode
            Object job = m.readObject();
            long jobId = m.readLong();
            m.readBoolean(); // whether the job is a re-execution
            m.finish();
            return new Reply(requestId, job, jobId);
        }
    }

    /** Node {@code self} sends the RESULT of job {@code jobId} to its owner: {@code value}, or the failure class named. */
    static void sendResult(Peers peers, int self, int owner, long jobId, Object value, String failureClass) throws IOException {
        peers.send(owner, Tags.RESULT, out -> {
            out.writeLong(jobId);
            out.writeInt(self);
            out.writeObject(value);
            out.writeString(failureClass);
        });
    }

    /** Node {@code self} asks node {@code victim} for work, synchronously, as an idle worker outside a sync. */
    static void askForWork(Peers peers, int self, int victim, long requestId) throws IOException {
        ask(peers, self, victim, requestId, StealMode.SYNCHRONOUS);
    }

    /** Node {@code self} asks node {@code victim} for work in {@code mode}, outside a sync. */
    static void ask(Peers peers, int self, int victim, long requestId, StealMode mode) throws IOException {
        peers.send(victim, Tags.STEAL_REQUEST, out -> {
            out.writeInt(self);
            out.writeLong(requestId);
            out.writeByte((byte) mode.ordinal());
            out.writeLong(-1); // no shared-object updates applied
            out.writeBoolean(false);
        });
    }
}
