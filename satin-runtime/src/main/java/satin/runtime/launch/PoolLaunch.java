package satin.runtime.launch;

import satin.ipl.registry.RegistryServer;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.SatinNode;

/**
 * This JVM as one node of a pool: the one code path behind {@code satin run --registry ...} and a program started
 * with plain {@code java -Dsatin.registry=...}. Optionally this node also runs the registry the pool meets at
 * ({@code satin.registry.serve=on}), so two {@code java -jar} commands form a pool without a separate server.
 */
public final class PoolLaunch {

    private PoolLaunch() {
    }

    /**
     * Takes part in the run of {@code mainClass.main(args)} (only the elected master runs it) and returns once the
     * run is over here. With {@code serveRegistry}, the registry server is started first, bound to the host and
     * port of {@code options.registry()}, and stopped once every node has left the pool (at most the run's timeout
     * after this node's own run ended), so no node loses the registry before it has left.
     *
     * @param classpath where the program's classes were loaded from besides the JVM's class path, or null
     * @throws SatinNode.NodeFailure naming the node and the cause when the run failed here or elsewhere
     */
    public static SatinNode.Outcome run(NodeOptions options, boolean serveRegistry, Class<?> mainClass, String[] args,
            String classpath) throws SatinNode.NodeFailure {
        RegistryServer server = serveRegistry ? serve(options) : null;
        try {
            return new SatinNode(options).run(mainClass, args, classpath);
        } finally {
            if (server != null) {
                try {
                    server.awaitNoMembers(options.timeoutMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                server.close();
            }
        }
    }

    private static RegistryServer serve(NodeOptions options) throws SatinNode.NodeFailure {
        String address = options.registry();
        int colon = address.lastIndexOf(':');
        String host = address.substring(0, colon);
        int port = Integer.parseInt(address.substring(colon + 1));
        try {
            return new RegistryServer(host, port).start();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SatinNode.NodeFailure("node " + options.location() + ": interrupted starting the registry", e);
        } catch (RuntimeException e) {
            throw new SatinNode.NodeFailure("node " + options.location() + ": cannot run the registry at " + address
                    + " (" + LaunchSettings.SERVE_REGISTRY + "=on): " + e.getMessage()
                    + "; is another registry or program using that port?", e);
        }
    }
}
