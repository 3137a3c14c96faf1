package satin.ipl.registry;

import satin.ipl.Location;

/**
 * What a node tells the pool when joining.
 *
 * @param closedPoolSize the size at which the pool closes (0: an open pool); ignored when {@code joinRunning}
 * @param malleable      a closed pool that still admits members after it closed (they join a running pool); every
 *                       member that starts the pool must say the same
 * @param joinRunning    this node joins a running malleable pool, whatever its size: the pool must exist already
 */
public record JoinRequest(String pool, Location location, String implementation, byte[] address,
        byte[] registrationHash, int closedPoolSize, boolean malleable, boolean joinRunning) {

    /** A request to join a closed (size > 0) or open (0) pool that admits nobody once it closed. */
    public JoinRequest(String pool, Location location, String implementation, byte[] address,
            byte[] registrationHash, int closedPoolSize) {
        this(pool, location, implementation, address, registrationHash, closedPoolSize, false, false);
    }
}
