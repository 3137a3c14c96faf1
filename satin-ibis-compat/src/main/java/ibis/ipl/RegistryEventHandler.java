package ibis.ipl;

/**
 * Pool events as upcalls, once {@link Registry#enableEvents()} was called (events that came before are kept and
 * delivered then). One upcall at a time, in the pool's order, the same at every instance; an instance also hears its
 * own join.
 */
public interface RegistryEventHandler {
    void joined(IbisIdentifier joinedIbis);

    void left(IbisIdentifier leftIbis);

    void died(IbisIdentifier corpse);

    void gotSignal(String signal, IbisIdentifier source);

    void electionResult(String electionName, IbisIdentifier winner);

    void poolClosed();

    void poolTerminated(IbisIdentifier source);
}
