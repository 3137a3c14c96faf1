package satin.samples.replicas;

import satin.WriteMethodsInterface;

/** The write method of a {@link Ledger}. */
public interface LedgerWrites extends WriteMethodsInterface {
    void record(int value);
}
