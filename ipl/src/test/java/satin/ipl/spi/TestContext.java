package satin.ipl.spi;

import java.util.Optional;

import satin.ipl.IplConfig;
import satin.ipl.security.PoolSecurity;

/**
 * What a node would give its transport, for tests that drive a transport without a node: pool "pool". Without a
 * {@link PoolSecurity} the transport runs insecure (the tests of framing and buffers); the security tests give one.
 */
public record TestContext(IplConfig config, PacketHandler handler, PoolSecurity security) implements TransportContext {
    public static final String POOL = "pool";

    public TestContext(IplConfig config, PacketHandler handler) {
        this(config, handler, PoolSecurity.insecure());
    }

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
