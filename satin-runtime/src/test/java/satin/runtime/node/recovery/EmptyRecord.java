package satin.runtime.node.recovery;

import satin.contract.InvocationRecord;

/** A job with nothing to run or deliver: the recovery and ledger tests only need a record's identity. */
public final class EmptyRecord extends InvocationRecord {
    @Override
    protected void execute() {
    }

    @Override
    public Object boxedResult() {
        return null;
    }

    @Override
    public void boxedResult(Object value) {
    }
}
