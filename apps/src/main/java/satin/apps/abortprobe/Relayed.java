package satin.apps.abortprobe;

/** What {@link Relay#relay}'s inlet caught, passed up to the inlet of its own spawner as an object. */
public final class Relayed extends satin.Inlet {
    private static final long serialVersionUID = 1L;

    /** The JVM that ran the relay job, and the message of the {@link Boom} its inlet caught ("" if none). */
    final long relayJvm;
    final String caught;

    Relayed(long relayJvm, String caught) {
        this.relayJvm = relayJvm;
        this.caught = caught;
    }
}
