package satin.contract;

/**
 * Stands in the frame for a spawnable call that ran inline and threw: it is complete from birth, so the
 * frame's {@code sync} rethrows the exception exactly as it would for a queued record that failed.
 */
final class FailedRecord extends InvocationRecord {

    FailedRecord(Throwable cause, InvocationRecord frame) {
        failure = cause;
        next = frame;
        completeHere();
    }

    @Override
    protected void execute() {
        throw new IllegalStateException("a failed inline call is never executed again");
    }

    @Override
    public Object boxedResult() {
        return null;
    }

    @Override
    public void boxedResult(Object value) {
        throw new UnsupportedOperationException("a failed inline call has no result");
    }
}
