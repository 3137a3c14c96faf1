package satin.ipl.local;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import satin.ipl.registry.PoolState;

/**
 * An in-process network: nodes started with the same LocalNetwork can reach each other with the {@code
 * local} implementation, and nodes without a registry address share its in-process pools. Create one per
 * test or per simulated system; it is the only state they share.
 */
public final class LocalNetwork {
    private final Map<String, PoolState> pools = new ConcurrentHashMap<>();
    private final Map<String, LocalTransport> transports = new ConcurrentHashMap<>();
    private final AtomicLong nextAddress = new AtomicLong();

    /** The in-process pool with this name, created on first use. */
    public PoolState pool(String name) {
        return pools.computeIfAbsent(name, PoolState::new);
    }

    String register(LocalTransport transport) {
        String address = "local-" + nextAddress.getAndIncrement();
        transports.put(address, transport);
        return address;
    }

    void unregister(String address) {
        transports.remove(address);
    }

    LocalTransport find(String address) {
        return transports.get(address);
    }
}
