package satin.ipl.spi;

import java.util.Optional;

import satin.ipl.IplConfig;
import satin.ipl.security.PoolSecurity;

/** What the core gives a transport. */
public interface TransportContext {
    IplConfig config();

    String poolName();

    /** Hash of the Kryo registration list; links between nodes with different hashes must be refused. */
    byte[] registrationHash();

    /** How links are authenticated and which are encrypted; the same object the node's registry client uses. */
    PoolSecurity security();

    /** Receives every packet and link closure. */
    PacketHandler handler();

    /**
     * An object of this type that the program handed to the node when starting it, if any: for example the
     * {@code local} implementation's in-process network.
     */
    <T> Optional<T> shared(Class<T> type);
}
