package satin.balance;

/** How the host waits for the reply to a steal request. */
public enum StealMode {
    /** The host runs nothing until the reply has been delivered (a blocking remote call). */
    SYNCHRONOUS,
    /** The host keeps working; the reply is delivered as an event whenever it arrives. */
    ASYNCHRONOUS
}
