package satin.ipl.registry;

import java.util.List;
import java.util.Map;

import satin.ipl.NodeIdentifier;

/**
 * What a member that lost its registry tells it when it comes back ({@code REJOIN}): who it is, the pool as it last
 * saw it, and how long it stays silent before it is dead. A registry that still holds the pool takes the member back as
 * it was (or refuses it if it declared it dead meanwhile); a restarted registry rebuilds the pool from these states
 * (see {@link PoolState#rejoin}).
 *
 * @param self                   the member's identifier, as the pool gave it
 * @param registrationHash       the pool's Kryo registration list hash
 * @param closedPoolSize         the pool's declared size (0: open)
 * @param malleable              whether the pool admits members after it closed
 * @param joinedBeforeClose      how many members had joined when the pool closed (-1: it had not closed)
 * @param terminated             whether the member saw the pool terminated
 * @param highestId              the highest member id the member ever saw, the departed included: ids are never
 *                               given twice
 * @param memberIds              the ids of the members it believes in the pool, itself included
 * @param winners                each election's winner, by id
 * @param heartbeatTimeoutMillis the member's heartbeat timeout (the detection time)
 */
public record Rejoin(NodeIdentifier self, byte[] registrationHash, int closedPoolSize, boolean malleable,
        int joinedBeforeClose, boolean terminated, long highestId, List<String> memberIds, Map<String, String> winners,
        int heartbeatTimeoutMillis) {
}
