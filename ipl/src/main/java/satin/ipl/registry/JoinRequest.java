package satin.ipl.registry;

import satin.ipl.Location;

/** What a node tells the pool when joining. */
public record JoinRequest(String pool, Location location, String implementation, byte[] address,
        byte[] registrationHash, int closedPoolSize) {
}
