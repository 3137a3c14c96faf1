package satin.ipl.registry;

import java.util.List;

import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEventHandler;

/** A member of an in-process pool: requests are plain calls on the shared {@link PoolState}. */
public final class LocalRegistryClient extends RegistryClient {
    private final PoolState pool;

    public LocalRegistryClient(PoolState pool, JoinRequest request, RegistryEventHandler handler)
            throws JoinRefusedException {
        super(handler, request.closedPoolSize(), request.joinRunning(), "ipl-registry-" + pool.name());
        this.pool = pool;
        try {
            joinedAs(pool.join(request, this));
        } catch (JoinRefusedException e) {
            super.close();
            throw e;
        }
    }

    @Override
    protected long electionReplyTimeoutMillis() {
        return 10_000;
    }

    @Override
    protected void sendElect(String election) {
        pool.elect(self(), election);
    }

    @Override
    protected void sendSignal(String signal, List<NodeIdentifier> targets) {
        pool.signal(self(), signal, targets);
    }

    @Override
    protected void sendTerminate() {
        pool.terminate(self());
    }

    @Override
    protected void sendLeave() {
        if (self() != null) {
            pool.leave(self());
        }
    }

    @Override
    protected void disconnect() {
    }
}
