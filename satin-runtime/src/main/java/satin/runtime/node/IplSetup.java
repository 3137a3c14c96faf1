package satin.runtime.node;

import java.util.List;
import java.util.Map;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;

/**
 * The IPL settings of a node from its options: registry, pool, location, the registration list, failure detection
 * (the heartbeat follows {@link NodeOptions#detectionMillis()}), a malleable pool with fault tolerance, the transport
 * and WAN emulation; IPL settings a launcher gives (security) are passed through and win.
 */
final class IplSetup {

    private IplSetup() {
    }

    static IplConfig config(NodeOptions options, boolean joinRunning, Map<String, String> iplSettings,
            List<String> classes) {
        IplConfig.Builder b = IplConfig.builder()
                .set(IplProperties.REGISTRY_ADDRESS, options.registry())
                .set(IplProperties.POOL_NAME, options.poolName())
                .set(IplProperties.POOL_SIZE, options.poolSize())
                .set(IplProperties.LOCATION, options.location())
                .set(IplProperties.SERIALIZATION_CLASSES, String.join(",", classes))
                .set(IplProperties.HEARTBEAT_TIMEOUT_MS, options.detectionMillis())
                .set(IplProperties.POOL_MALLEABLE, Boolean.toString(options.faultTolerant()))
                .set(IplProperties.POOL_JOIN_RUNNING, Boolean.toString(joinRunning))
                .set(IplProperties.HEARTBEAT_INTERVAL_MS, Math.max(25, Math.min(1000, options.detectionMillis() / 4)))
                .set(IplProperties.REGISTRY_RECONNECT, "true"); // the run survives its registry: RegistryOutage
        iplSettings.forEach(b::set);
        if (!options.wan().isEmpty()) {
            b.set(IplProperties.IMPLEMENTATION, "wan").set("ipl.wan.topology", options.wan());
            if (!options.transport().isEmpty()) {
                b.set("ipl.wan.inner", options.transport());
            }
        } else if (!options.transport().isEmpty()) {
            b.set(IplProperties.IMPLEMENTATION, options.transport());
        }
        return b.build();
    }
}
