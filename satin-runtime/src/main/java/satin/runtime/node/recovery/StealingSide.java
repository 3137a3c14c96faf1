package satin.runtime.node.recovery;

import java.io.IOException;
import java.util.List;
import satin.contract.InvocationRecord;
import satin.runtime.node.wire.Message;

/**
 * What crash recovery needs of a node's stealing (issue 30, part 3: recovery depends on the steal ledger's view of
 * the jobs and on the membership view, not on the stealing machinery): the jobs a dead node held or sent here, and
 * sends that skip peers known gone. Implemented by {@code node.RemoteStealing}; every method is safe on any thread and
 * never waits for another node (sends only queue).
 */
public interface StealingSide {

    /** Ends every steal request waiting for a reply from {@code victim}, as "no job". */
    void victimGone(int victim);

    /** Claims the jobs of this node out with {@code thief}; relayed ones go back to the arrived jobs. */
    List<InvocationRecord> lostWith(int thief);

    /** As {@link #lostWith(int)}; with {@code keepRelayed}, relayed jobs are returned too, for {@link #takeBack}. */
    List<InvocationRecord> lostWith(int thief, boolean keepRelayed);

    /** The identities of the jobs here (running or received) that came from {@code owner}: its orphans. */
    List<Long> orphansOf(int owner);

    /** Salvages the results this node had sent to {@code owner}, which is gone. */
    void salvageKept(int owner);

    /** A record that waited for a salvaged outcome gets it. */
    void completeSalvaged(InvocationRecord record, Object result, Throwable failure);

    /** Sends {@code message} to {@code peer} unless it is gone; false when it is. */
    boolean sendIfAlive(int peer, Message message) throws IOException;

    /** Sends a salvaged outcome to {@code peer}. */
    void sendSalvaged(int peer, long key, SalvagedResults.Outcome outcome) throws IOException;

    /** Tells {@code peer} that this node will not deliver the orphan {@code key} it announced. */
    void sendWithdrawn(int peer, long key) throws IOException;

    /** A re-execution that arrived from another node and was held for this node's rounds goes to the workers now. */
    void arrived(InvocationRecord job);

    /** Takes back a job lost with {@code deadThief} (-1: unknown); true when it was taken back here. */
    boolean takeBack(InvocationRecord record, int deadThief);
}
