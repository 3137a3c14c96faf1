package satin.ipl.registry;

/**
 * What one registry server admits, so that a hostile or broken client cannot exhaust it: pools, members per
 * pool, the size of a registry message, and how fast one source address may open connections (every join is a
 * connection; a flood of them is refused before it costs more than an accept). Printed by {@code satin server
 * --help}.
 *
 * @param maxPools          pools served at once; a join that would create one more is refused
 * @param maxMembersPerPool members of one pool; a join beyond it is refused
 * @param maxMessageBytes   largest registry message accepted; a larger one closes the connection
 * @param joinsPerSecond    connections (joins) per second one source address may open, on average
 * @param joinBurst         connections one source address may open at once before the rate applies
 */
public record RegistryLimits(int maxPools, int maxMembersPerPool, int maxMessageBytes, double joinsPerSecond,
        int joinBurst) {

    public static final RegistryLimits DEFAULTS = new RegistryLimits(1000, 10_000, RegistryProtocol.MAX_FRAME, 50,
            200);

    public RegistryLimits {
        if (maxPools < 1 || maxMembersPerPool < 1 || joinBurst < 1 || !(joinsPerSecond > 0)) {
            throw new IllegalArgumentException("registry limits must be positive: " + this);
        }
        if (maxMessageBytes < 1024 || maxMessageBytes > RegistryProtocol.MAX_FRAME) {
            throw new IllegalArgumentException("registry message limit must be within 1024.."
                    + RegistryProtocol.MAX_FRAME + " bytes, got " + maxMessageBytes);
        }
    }
}
