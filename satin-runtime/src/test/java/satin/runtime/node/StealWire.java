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
import satin.ipl.ReceivePort;
import satin.runtime.node.SyncStopsWaitingForStealTest.Doubling;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.spawn.WorkerPool;

/**
 * What a test playing a node over a real IPL node sends and expects, through the runtime's own {@link Codec}: one
 * place for it, so the tests that play a node agree with each other and with the runtime.
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

    /** The codec of the tests' nodes: no shared objects travel. */
    static final Codec CODEC = new Codec(StealWire.class.getClassLoader(), Codec.JobScope.PLAIN);

    private StealWire() {
    }

    /** Two real IPL nodes whose serialization list holds {@link Doubling}, the job these tests ship. */
    static IplPair pair() throws Exception {
        return new IplPair(c -> c.set(IplProperties.SERIALIZATION_CLASSES, Doubling.class.getName()));
    }

    /** Node {@code node}'s peers in {@code pair}, with the runs' 60 s timeout. */
    static Peers peers(IplPair pair, int node) throws IOException {
        return new Peers(pair.node(node), SatinNode.PORT_TYPE, pair.members, 60_000, CODEC);
    }

    /** Node 0's runtime side: {@code remote} drives {@code policy} for {@code workers} workers, started. */
    static WorkerPool start(RemoteStealing remote, BalancePolicies policy, ClusterMap clusters, int workers) {
        WorkerPool pool = new WorkerPool("node0", workers, 2, remote);
        remote.attach(policy.create(new RandomVictimSelector(clusters, 0, new Random(1)), remote::request), pool);
        pool.start();
        return pool;
    }

    /** Hands {@code m} to {@code remote} as {@code SatinNode} dispatches it; false for a message it does not take. */
    static boolean dispatch(Message m, RemoteStealing remote) throws IOException {
        if (m instanceof Message.StealRequest r) {
            remote.onStealRequest(r);
        } else if (m instanceof Message.StealReply r) {
            remote.onStealReply(r);
        } else if (m instanceof Message.Result r) {
            remote.onResult(r);
        } else if (m instanceof Message.Abort a) {
            remote.onAbort(a);
        } else {
            return false;
        }
        return true;
    }

    /**
     * Node 0's receive port in {@code pair}: steal requests, replies, results and aborts go to {@code remote} as
     * {@code SatinNode} dispatches them; any other message is a failure in {@code fatal}.
     */
    static ReceivePort nodeInbox(IplPair pair, RemoteStealing remote, AtomicReference<Throwable> fatal) throws IOException {
        return pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, m -> {
            Message message = CODEC.read(m);
            if (!dispatch(message, remote)) {
                fatal.set(new AssertionError("unexpected message " + message));
            }
        });
    }

    /**
     * Node 0's receive port in {@code pair} when node 0 only steals: steal replies go to {@code remote}; any other
     * message is a failure in {@code fatal}.
     */
    static ReceivePort thiefInbox(IplPair pair, RemoteStealing remote, AtomicReference<Throwable> fatal) throws IOException {
        return pair.node(0).createReceivePort(SatinNode.PORT_TYPE, Peers.RECEIVE_PORT, m -> {
            Message message = CODEC.read(m);
            if (message instanceof Message.StealReply reply) {
                remote.onStealReply(reply);
            } else {
                fatal.set(new AssertionError("unexpected message " + message));
            }
        });
    }

    /** {job id, value} of a RESULT, the value -1 when the job did not return one. */
    static long[] result(Message.Result m) {
        return new long[] {m.jobId(), m.outcome() instanceof Outcome.Value v ? (Long) v.value() : -1};
    }

    /** Answers {@code request} from node {@code self}: {@code job} under {@code jobId}, or no job when null. */
    static void reply(Peers peers, int self, Message.StealRequest request, InvocationRecord job, long jobId)
            throws IOException {
        peers.send(request.from(), new Message.StealReply(self, request.requestId(), request.synchronous(),
                job == null ? null : new ShippedJob(job, jobId, false)));
    }

    /** Node {@code self} sends the RESULT of job {@code jobId} to its owner. */
    static void sendResult(Peers peers, int self, int owner, long jobId, Outcome outcome) throws IOException {
        peers.send(owner, new Message.Result(self, jobId, outcome));
    }

    /** Node {@code self} asks node {@code victim} for work, synchronously, as an idle worker outside a sync. */
    static void askForWork(Peers peers, int self, int victim, long requestId) throws IOException {
        ask(peers, self, victim, requestId, StealMode.SYNCHRONOUS);
    }

    /** Node {@code self} asks node {@code victim} for work in {@code mode}, outside a sync. */
    static void ask(Peers peers, int self, int victim, long requestId, StealMode mode) throws IOException {
        // no shared-object updates applied (-1), not in a sync
        peers.send(victim, new Message.StealRequest(self, requestId, mode == StealMode.SYNCHRONOUS, -1, false));
    }
}
