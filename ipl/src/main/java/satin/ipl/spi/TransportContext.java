package satin.ipl.spi;

import java.util.Optional;

import satin.ipl.IplConfig;

/** What the core gives a transport. */
public interface TransportContext {
    IplConfig config();

    String poolName();

    /** Hash of the Kryo registration list; links between nodes with different hashes must be refused. */
    byte[] registrationHash();

    /** Receives every packet and link closure. */
    PacketHandler handler();

    /**
     * An object of this type that the program handed to the node when starting it, if any: for example the
     * {@code local} implementation's in-process network.
     */
    <T> Optional<T> shared(Class<T> type);
}
