package satin.runtime.node;

import java.io.IOException;
import java.util.Random;
import satin.balance.BalancePolicies;
import satin.balance.ClusterMap;
import satin.balance.RandomVictimSelector;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.runtime.spawn.WorkerPool;

/**
 * For tests in which the test plays a victim node against a real {@link RemoteStealing} thief: reads a STEAL_REQUEST,
 * answers one, and starts the thief's pool with Random Stealing.
 */
final class PlayedVictim {

    /** A steal request as the victim reads it (after the tag). */
    record Request(int thief, long requestId, byte mode) {
        static Request read(ReadMessage m) throws IOException {
            int thief = m.readInt();
            long requestId = m.readLong();
            byte mode = m.readByte();
            m.readLong(); // the shared-object updates the thief applied
            m.finish();
            return new Request(thief, requestId, mode);
        }
    }

    private PlayedVictim() {
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

    /** A started pool of {@code workers} for thief node 0, stealing from node 1 by Random Stealing. */
    static WorkerPool startThief(RemoteStealing remote, ClusterMap clusters, int workers) {
        WorkerPool pool = new WorkerPool("thief", workers, workers, remote);
        remote.attach(BalancePolicies.RS.create(new RandomVictimSelector(clusters, 0, new Random(1)), remote::request),
                pool);
        pool.start();
        return pool;
    }
}
