package satin.samples.replicas;

import satin.Spawnable;

/** The spawnable methods of {@link Replicas}. */
public interface ReplicaJobs extends Spawnable {
    int write(Ledger ledger, Roll writers, int from, int to, int jvms);

    String check(Ledger ledger, Roll checkers, long expected, int depth, int jvms);
}
