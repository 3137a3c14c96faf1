package satin.samples.corpus.phases;

import satin.WriteMethodsInterface;

/** The write method of {@link Best}. */
interface BestWrites extends WriteMethodsInterface {
    void offer(long value);
}
