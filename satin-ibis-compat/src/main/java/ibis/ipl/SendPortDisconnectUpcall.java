package ibis.ipl;

/** Told when a send port learns that a connection was lost (it learns it by sending, as the API says). */
public interface SendPortDisconnectUpcall {
    void lostConnection(SendPort origin, ReceivePortIdentifier receiver, Throwable cause);
}
