package satin.cli.server;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import satin.ipl.registry.RegistryServer;

/** {@code satin server --port P}: runs the IPL registry server until the process is stopped. */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = "Run the IPL registry server (pools, membership, elections, signals, heartbeats).")
public final class ServerCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "4000", description = "TCP port to listen on (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", defaultValue = "0.0.0.0", description = "Address to bind (default ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--join-timeout", defaultValue = "10000",
            description = "Milliseconds a new connection has to send JOIN (default ${DEFAULT-VALUE}).")
    long joinTimeout;

    @Override
    public Integer call() throws Exception {
        RegistryServer server = new RegistryServer(bind, port, joinTimeout).start();
        Thread stopper = new Thread(server::stop, "ipl-registry-shutdown");
        Runtime.getRuntime().addShutdownHook(stopper);
        System.out.println("IPL registry server listening on " + bind + ":" + server.port()
                + " (nodes: ipl.registry.address=<this host>:" + server.port() + ")");
        server.awaitClose();
        return 0;
    }
}
