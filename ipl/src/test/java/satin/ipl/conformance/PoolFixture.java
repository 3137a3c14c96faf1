package satin.ipl.conformance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PoolCapability;
import satin.ipl.PortType;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.RegistryEventHandler;
import satin.ipl.local.LocalNetwork;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecurity;
import satin.ipl.security.TestSecrets;
import satin.ipl.start.Ipl;

/**
 * Starts nodes of one implementation for a test: with a LocalNetwork for {@code local}, with an embedded
 * registry server otherwise. Closes everything it started.
 */
public final class PoolFixture implements AutoCloseable {
    private static final AtomicInteger POOLS = new AtomicInteger();

    private final String implementation;
    private final LocalNetwork network = new LocalNetwork();
    private final RegistryServer server;
    private final String pool = "pool-" + POOLS.incrementAndGet();
    private final List<Node> nodes = new ArrayList<>();
    /** The pool's secret, or null for an insecure pool. */
    private final Path secret;

    public PoolFixture(String implementation) throws InterruptedException {
        this(implementation, implementation.equals("local") ? null : new RegistryServer("127.0.0.1", 0));
    }

    /**
     * With a given (not yet started) registry server, or null for an in-process pool. The pool has a fresh
     * secret, and every link and registry connection is authenticated and encrypted (TLS, AEAD), as in a run.
     */
    public PoolFixture(String implementation, RegistryServer server) throws InterruptedException {
        this(implementation, server, TestSecrets.newFile());
    }

    private PoolFixture(String implementation, RegistryServer server, Path secret) throws InterruptedException {
        this.implementation = implementation;
        this.secret = secret;
        if (server != null) {
            server.security(secret == null ? PoolSecurity.insecure()
                    : TestSecrets.security(secret, EncryptionPolicy.ALL));
        }
        this.server = server == null ? null : server.start();
    }

    /**
     * A pool without a secret (ipl.security.insecure): for the tests of what a connection's decoders do with
     * bad bytes, which in a pool with a secret only authenticated peers reach.
     */
    public static PoolFixture insecure(String implementation, RegistryServer server) throws InterruptedException {
        return new PoolFixture(implementation, server, null);
    }

    /** The secret file of this pool (null if insecure). */
    public Path secretFile() {
        return secret;
    }

    public String implementation() {
        return implementation;
    }

    public RegistryServer server() {
        return server;
    }

    /** Base configuration for nodes of this pool; callers may add keys. */
    public IplConfig.Builder config() {
        IplConfig.Builder b = IplConfig.builder()
                .set(IplProperties.IMPLEMENTATION, implementation)
                .set(IplProperties.POOL_NAME, pool)
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1")
                .set(IplProperties.ADVERTISED_ADDRESS, "127.0.0.1")
                .set(IplProperties.CONNECT_TIMEOUT_MS, 10_000);
        if (server != null) {
            b.set(IplProperties.REGISTRY_ADDRESS, server.address());
            if (secret == null) {
                b.set(IplProperties.INSECURE, "true");
            } else {
                b.set(IplProperties.SECRET_FILE, secret.toString());
            }
        }
        return b;
    }

    public Node start(PortType... types) throws IOException {
        return start(config().build(), null, types);
    }

    public Node start(IplConfig config, RegistryEventHandler handler, PortType... types) throws IOException {
        Node n = Ipl.node(config).portTypes(types).poolCapabilities(PoolCapability.values())
                .eventHandler(handler).localNetwork(network).start();
        synchronized (nodes) {
            nodes.add(n);
        }
        return n;
    }

    /** Two new nodes; the first's send port "out" connected to the second's receive port "in". */
    public Connection connect(PortType type) throws IOException {
        Node sender = start(type);
        Node receiver = start(type);
        ReceivePort in = receiver.createReceivePort(type, "in");
        SendPort out = sender.createSendPort(type, "out");
        out.connect(in.identifier());
        return new Connection(sender, receiver, out, in);
    }

    /** See {@link #connect(PortType)}. */
    public record Connection(Node sender, Node receiver, SendPort out, ReceivePort in) {
    }

    @Override
    public void close() {
        synchronized (nodes) {
            for (Node n : nodes) {
                try {
                    n.close();
                } catch (IOException | RuntimeException e) {
                    // the test outcome matters, not close failures of already broken nodes
                }
            }
        }
        if (server != null) {
            server.stop();
        }
    }
}
