package satin.runtime.node;

import satin.runtime.node.shared.SharedReferences;
import satin.runtime.node.shared.SharedReplication;

import java.lang.reflect.Method;
import java.util.function.BooleanSupplier;
import satin.contract.InvocationRecord;
import satin.runtime.shared.SharedObjects;
import satin.runtime.spawn.ExternalWork;
import satin.runtime.spawn.WorkerPool;

/**
 * A node's external work as its runtime sees it: {@link RemoteStealing}, plus what shared objects need before a
 * job from another node runs and where write methods go. A job {@link #poll} hands out (its shared objects are
 * this node's replicas already: {@link SharedReferences}) waits until its guard holds
 * ({@link Guards}), testing it again after every shared-object update applied here; the worker waits, as it would
 * for the job's data. A guard that still fails after the run's timeout, or that throws, fails the job: its owner's
 * {@code sync()} rethrows the error, which names the guard. Aborted jobs skip both (they end at once when run).
 * A node that joined the running pool steals nothing until it has installed the master's snapshot of the replicas
 * (one round trip after it starts): a steal before would take a job holding a shared object from its victim only to
 * have it kept there ({@link SharedReferences}), and with it the victim's work that an idle node is waiting for.
 */
final class GuardedWork implements ExternalWork {

    private final RemoteStealing remote;
    private final SharedReplication shared;
    private final java.util.function.Supplier<satin.runtime.spawn.PoolPlace> place;
    private final java.util.function.Consumer<Boolean> balancing;

    GuardedWork(RemoteStealing remote, SharedReplication shared) {
        this(remote, shared, () -> null);
    }

    GuardedWork(RemoteStealing remote, SharedReplication shared,
            java.util.function.Supplier<satin.runtime.spawn.PoolPlace> place) {
        this(remote, shared, place, on -> remote.paused(!on));
    }

    /** @param balancing what {@code pause()} and {@code resume()} do on this node (tell the whole pool) */
    GuardedWork(RemoteStealing remote, SharedReplication shared,
            java.util.function.Supplier<satin.runtime.spawn.PoolPlace> place,
            java.util.function.Consumer<Boolean> balancing) {
        this.remote = remote;
        this.shared = shared;
        this.place = place;
        this.balancing = balancing;
    }

    @Override
    public void balancing(boolean on) {
        balancing.accept(on);
    }

    @Override
    public satin.runtime.spawn.PoolPlace place() {
        return place.get();
    }

    @Override
    public InvocationRecord poll(int workerIndex) {
        return shared.awaitingSnapshot() ? null : ready(remote.poll(workerIndex));
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted) {
        return shared.awaitingSnapshot() ? null : ready(remote.poll(workerIndex, unwanted));
    }

    @Override
    public InvocationRecord poll(int workerIndex, BooleanSupplier unwanted, boolean inSync) {
        return shared.awaitingSnapshot() ? null : ready(remote.poll(workerIndex, unwanted, inSync));
    }

    private InvocationRecord ready(InvocationRecord job) {
        if (job == null || WorkerPool.isAborted(job)) {
            return job;
        }
        try {
            Method guard = Guards.of(job);
            if (guard != null) {
                Throwable[] thrown = new Throwable[1];
                shared.awaitUpdates(() -> {
                    try {
                        return Guards.holds(guard, job);
                    } catch (Throwable t) {
                        thrown[0] = t;
                        return true;
                    }
                }, () -> "guard " + guard.getDeclaringClass().getName() + "." + guard.getName()
                        + " of a job stolen from another node stayed false");
                if (thrown[0] != null) {
                    remote.finished(job, thrown[0]);
                    return null;
                }
            }
            return job;
        } catch (IllegalStateException | IllegalAccessException e) {
            remote.finished(job, e instanceof IllegalStateException ? e : new IllegalStateException(e));
            return null;
        }
    }

    @Override
    public void abort(InvocationRecord record) {
        remote.abort(record);
    }

    @Override
    public void finished(InvocationRecord record, Throwable failure) {
        remote.finished(record, failure);
    }

    @Override
    public SharedObjects sharedObjects() {
        return shared;
    }
}
