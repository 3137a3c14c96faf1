package satin.ipl;

import java.util.Set;

/** The chosen implementation lacks capabilities that were asked for; the message lists them. */
public class CapabilityMismatchException extends IplException {
    private final Set<PoolCapability> missingPool;
    private final Set<PortCapability> missingPort;

    public CapabilityMismatchException(String message, Set<PoolCapability> missingPool,
            Set<PortCapability> missingPort) {
        super(message);
        this.missingPool = Set.copyOf(missingPool);
        this.missingPort = Set.copyOf(missingPort);
    }

    public Set<PoolCapability> missingPoolCapabilities() {
        return missingPool;
    }

    public Set<PortCapability> missingPortCapabilities() {
        return missingPort;
    }
}
