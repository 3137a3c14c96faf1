package satin.ipl.spi;

import java.util.Optional;

import satin.ipl.IplConfig;
import satin.ipl.local.LocalNetwork;

/** What the core gives a transport. */
public interface TransportContext {
    IplConfig config();

    String poolName();

    /** Hash of the Kryo registration list; links between nodes with different hashes must be refused. */
    byte[] registrationHash();

    /** Receives every packet and link closure. */
    PacketHandler handler();

    /** The in-process network, when the program supplied one (required by {@code local}). */
    Optional<LocalNetwork> localNetwork();
}
