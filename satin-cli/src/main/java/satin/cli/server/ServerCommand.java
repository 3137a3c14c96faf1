package satin.cli.server;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import satin.ipl.IplException;
import satin.ipl.registry.RegistryLimits;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;

/**
 * {@code satin server --port P --pool-secret-file FILE}: runs the IPL registry server until the process is
 * stopped. It admits only members that prove the pool secret (or anyone with {@code --insecure}), and protects
 * itself with the limits of {@link RegistryLimits}, whose values {@code --help} prints.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Run the IPL registry server (pools, membership, elections, signals, heartbeats).",
                "Only members that prove the pool secret are admitted (challenge-response; the secret never "
                        + "crosses the network); connections run TLS 1.3 when the member asks for it "
                        + "(satin run --encrypt).",
                "Limits against hostile or broken clients (each an option below): at most --max-pools pools and "
                        + "--max-members members per pool, registry messages of at most --max-message-bytes, "
                        + "and --joins-per-second connections per second from one source address (bursts of "
                        + "--join-burst); a connection beyond them is refused and counted."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:stopped", "2:bad command line, unreadable secret file, or the port cannot be listened on"})
public final class ServerCommand implements Callable<Integer> {
    private static final RegistryLimits DEFAULTS = RegistryLimits.DEFAULTS;

    @Option(names = "--port", paramLabel = "PORT",
            defaultValue = "4000", description = "TCP port to listen on (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            defaultValue = "0.0.0.0", description = "Address to bind (default ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--join-timeout", paramLabel = "MS", defaultValue = "10000",
            description = "Milliseconds a new connection has to authenticate and send JOIN (default ${DEFAULT-VALUE}).")
    long joinTimeout;

    @Option(names = "--pool-secret-file", paramLabel = "FILE",
            description = "The pools' secret (default: the file named by the environment variable "
                    + "SATIN_POOL_SECRET_FILE); make one with 'satin secret FILE'.")
    Path secretFile;

    @Option(names = "--insecure", description = "Admit anyone who reaches the port: no pool secret, no TLS.")
    boolean insecure;

    @Option(names = "--max-pools", paramLabel = "N", description = "Pools served at once (default ${DEFAULT-VALUE}).")
    int maxPools = DEFAULTS.maxPools();

    @Option(names = "--max-members", paramLabel = "N",
            description = "Members of one pool (default ${DEFAULT-VALUE}).")
    int maxMembers = DEFAULTS.maxMembersPerPool();

    @Option(names = "--max-message-bytes", paramLabel = "BYTES",
            description = "Largest registry message; a larger one closes the connection (default ${DEFAULT-VALUE}).")
    int maxMessageBytes = DEFAULTS.maxMessageBytes();

    @Option(names = "--joins-per-second", paramLabel = "RATE",
            description = "Connections per second one source address may open, on average (default ${DEFAULT-VALUE}).")
    double joinsPerSecond = DEFAULTS.joinsPerSecond();

    @Option(names = "--join-burst", paramLabel = "N",
            description = "Connections one source address may open at once before the rate applies "
                    + "(default ${DEFAULT-VALUE}).")
    int joinBurst = DEFAULTS.joinBurst();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var err = spec.commandLine().getErr();
        PoolSecurity security;
        RegistryLimits limits;
        try {
            security = security();
            limits = new RegistryLimits(maxPools, maxMembers, maxMessageBytes, joinsPerSecond, joinBurst);
        } catch (IplException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        if (port < 0 || port > 65535) {
            err.println("error: --port must be 0-65535 (0: any free port), got " + port);
            return 2;
        }
        RegistryServer server;
        try {
            server = new RegistryServer(bind, port, joinTimeout).security(security).limits(limits).start();
        } catch (Exception e) {
            // Netty's bind rethrows the socket's checked exceptions undeclared
            if (e instanceof java.net.SocketException || e instanceof java.nio.channels.UnresolvedAddressException) {
                err.println("error: cannot listen on " + bind + ":" + port + ": " + (e.getMessage() == null
                        ? "unresolved address" : e.getMessage()) + (e instanceof java.net.BindException
                        ? " (another program listens there? choose another --port, or --port 0 for any free one)" : ""));
                return 2;
            }
            throw e;
        }
        Thread stopper = new Thread(server::stop, "ipl-registry-shutdown");
        Runtime.getRuntime().addShutdownHook(stopper);
        System.out.println("IPL registry server listening on " + bind + ":" + server.port() + ", "
                + (security.authenticates() ? "admitting members that prove the pool secret in " + secretFile
                : "INSECURE: admitting anyone") + " (nodes: satin run --registry <this host>:" + server.port() + ")");
        server.awaitClose();
        return 0;
    }

    private PoolSecurity security() throws IplException {
        if (secretFile == null && !insecure) {
            String named = System.getenv("SATIN_POOL_SECRET_FILE");
            if (named != null && !named.isBlank()) {
                secretFile = Path.of(named.trim());
            }
        }
        if (insecure && secretFile != null) {
            throw new IplException("--pool-secret-file and --insecure contradict each other: give one of them");
        }
        if (insecure) {
            return PoolSecurity.insecure();
        }
        if (secretFile == null) {
            throw new IplException("the registry needs the pools' secret: --pool-secret-file FILE (or the environment"
                    + " variable SATIN_POOL_SECRET_FILE; make one with 'satin secret FILE'), or --insecure to admit"
                    + " anyone who reaches the port");
        }
        return PoolSecurity.of(PoolSecret.read(secretFile), EncryptionPolicy.ALL);
    }
}
