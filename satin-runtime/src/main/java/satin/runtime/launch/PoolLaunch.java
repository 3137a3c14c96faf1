package satin.runtime.launch;

import java.util.List;
import java.util.function.Consumer;
import satin.ipl.registry.RegistryServer;
import satin.runtime.node.NodeOptions;
import satin.runtime.node.SatinNode;
import satin.runtime.timeline.Timeline;

/**
 * This JVM as one node of a pool: the one code path behind {@code satin run --registry ...} and a program started
 * with plain {@code java -Dsatin.registry=...}. Optionally this node also runs the registry the pool meets at
 * ({@code satin.registry.serve=on}), so two {@code java -jar} commands form a pool without a separate server.
 */
public final class PoolLaunch {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(PoolLaunch.class);
    /** Pause between attempts to reach a registry that is not listening yet. */
    static final long RETRY_MILLIS = 200;

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
    public static SatinNode.Outcome run(NodeOptions options, PoolSecuritySettings security, boolean serveRegistry,
            Class<?> mainClass, String[] args, String classpath) throws SatinNode.NodeFailure {
        return run(options, security, java.util.Map.of(), serveRegistry, mainClass, args, classpath, null, null,
                node -> { });
    }

    /**
     * As {@link #run(NodeOptions, PoolSecuritySettings, boolean, Class, String[], String)}, with what a launcher may
     * add: IPL settings of its own besides the security's (e.g. {@code ipl.port.range}), a timeline to record into, the run's serialization class list computed once by the launcher for every
     * node ({@link SatinNode#SatinNode(NodeOptions, java.util.Map, Timeline, List)}), and {@code onNode}, told
     * about the node (each attempt's, when the registry was not listening yet) before it joins, for callers that
     * watch its progress.
     *
     * @param iplSettings more IPL settings for the node, e.g. {@code ipl.port.range} or {@code ipl.advertised.address}
     * @param timeline where to record, or null
     * @param serializationClasses the list, or null to compute it here
     */
    public static SatinNode.Outcome run(NodeOptions options, PoolSecuritySettings security,
            java.util.Map<String, String> iplSettings, boolean serveRegistry, Class<?> mainClass, String[] args,
            String classpath, Timeline timeline, List<String> serializationClasses, Consumer<SatinNode> onNode)
            throws SatinNode.NodeFailure {
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>(iplSettings);
        settings.putAll(security.iplSettings());
        RegistryServer server = serveRegistry ? serve(options, security) : null;
        try {
            return joinWhenReachable(options, settings, mainClass, args, classpath, timeline, serializationClasses,
                    onNode);
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

    /**
     * Nodes are started in any order: one that finds no registry listening yet (connection refused, typically the
     * node that serves it has not started), or that joins a running pool still forming (refused for now: it must not
     * take the seat of an initial member), tries again every {@value #RETRY_MILLIS} ms until the run's timeout.
     * Any other failure ends the run at once.
     */
    private static SatinNode.Outcome joinWhenReachable(NodeOptions options, java.util.Map<String, String> iplSettings,
            Class<?> mainClass, String[] args, String classpath, Timeline timeline, List<String> serializationClasses,
            Consumer<SatinNode> onNode) throws SatinNode.NodeFailure {
        long deadline = System.nanoTime() + options.timeoutMillis() * 1_000_000L;
        while (true) {
            try {
                SatinNode node = new SatinNode(options, iplSettings, timeline, serializationClasses);
                onNode.accept(node);
                return node.run(mainClass, args, classpath);
            } catch (SatinNode.NodeFailure e) {
                if (!(registryNotListening(e) || poolNotRunningYet(e))
                        || System.nanoTime() + RETRY_MILLIS * 1_000_000L > deadline) {
                    throw e;
                }
                log.debug("{}: no registry at {}, or no running pool there, yet; trying again", options.location(),
                        options.registry());
            }
            try {
                Thread.sleep(RETRY_MILLIS); // bounded by the deadline above
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SatinNode.NodeFailure("node " + options.location() + ": interrupted waiting for the"
                        + " registry at " + options.registry(), e);
            }
        }
    }

    /** A node asked to join a running pool that is still forming (the registry refused it for now). */
    private static boolean poolNotRunningYet(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof satin.ipl.registry.JoinRefusedException r && r.notYet()) {
                return true;
            }
        }
        return false;
    }

    private static boolean registryNotListening(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) {
                return true;
            }
        }
        return false;
    }

    private static RegistryServer serve(NodeOptions options, PoolSecuritySettings security)
            throws SatinNode.NodeFailure {
        String address = options.registry();
        int colon = address.lastIndexOf(':');
        String host = address.substring(0, colon);
        int port = Integer.parseInt(address.substring(colon + 1));
        try {
            return new RegistryServer(host, port).security(security.registrySecurity()).start();
        } catch (satin.ipl.IplException e) {
            throw new SatinNode.NodeFailure("node " + options.location() + ": " + e.getMessage(), e);
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
