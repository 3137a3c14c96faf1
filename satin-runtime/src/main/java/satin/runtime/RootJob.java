package satin.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import satin.contract.InvocationRecord;

/** A task submitted from outside the workers (a user's {@code main}); reports its outcome to a future. */
final class RootJob<T> extends InvocationRecord {

    private final Callable<T> task;
    final CompletableFuture<T> outcome = new CompletableFuture<>();

    RootJob(Callable<T> task) {
        this.task = task;
    }

    @Override
    protected void execute() {
        try {
            outcome.complete(task.call());
        } catch (Throwable t) {
            outcome.completeExceptionally(t);
        }
    }

    @Override
    public Object boxedResult() {
        return outcome.getNow(null);
    }

    @Override
    public void boxedResult(Object value) {
        throw new UnsupportedOperationException("a root job runs where it was submitted");
    }
}
