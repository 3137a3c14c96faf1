package satin.ipl.spi;

import java.util.Optional;

import satin.ipl.IplConfig;

/** What a node would give its transport, for tests that drive a transport without a node: pool "pool". */
public record TestContext(IplConfig config, PacketHandler handler) implements TransportContext {
    public static final String POOL = "pool";

    @Override
    public String poolName() {
        return POOL;
    }

    @Override
    public byte[] registrationHash() {
        return new byte[32];
    }

    @Override
    public <T> Optional<T> shared(Class<T> type) {
        return Optional.empty();
    }
}
