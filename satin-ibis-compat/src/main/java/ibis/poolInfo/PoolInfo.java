package ibis.poolInfo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import ibis.ipl.IbisProperties;
import satin.ibiscompat.PoolRendezvous;
import satin.runtime.spawn.PoolPlace;
import satin.runtime.spawn.Worker;

/**
 * The pool a program runs in: its size, this process's rank (0 to size-1) and every rank's host and cluster. Ranks
 * are the registry's numbers, the order in which the nodes joined the pool (node names such as {@code node3} of
 * {@code satin run --nodes} need not match them). Where the answer comes from, first that applies:
 * <ol>
 *   <li>a thread of a Satin node (a program's {@code main} or a job under {@code satin run --nodes}, {@code --hosts},
 *       {@code --slurm} or {@code satin.registry}): that node's pool, as its registry numbered it;</li>
 *   <li>the properties {@code ibis.pool.size} and {@code ibis.server.address} (plus {@code ibis.pool.name} and the
 *       pool secret, as {@link ibis.ipl.IbisFactory} takes them): every process that creates a PoolInfo meets the
 *       others at that registry, as with the original's pool-info service, and waits until {@code ibis.pool.size}
 *       of them are there;</li>
 *   <li>otherwise a pool of one: rank 0, this host.</li>
 * </ol>
 * A host's name is the first level of its node's location ({@code fs0} of {@code fs0@das2@vu}), a cluster the rest
 * ({@code das2@vu}); see the README for how locations are set.
 */
public class PoolInfo {
    private final String poolName;
    private final int rank;
    private final String[] hosts;
    private final String[] clusters;

    /** From the sources above, with the default properties (system properties, {@code ibis.properties}). */
    public PoolInfo() throws IOException {
        this(null, true);
    }

    /**
     * From the sources above; {@code properties} (may be null) are added to the default properties when
     * {@code addDefaultConfigProperties}, else used alone.
     */
    public PoolInfo(Properties properties, boolean addDefaultConfigProperties) throws IOException {
        Properties p = new Properties();
        if (addDefaultConfigProperties) {
            p.putAll(IbisProperties.getDefaultProperties());
        }
        if (properties != null) {
            for (String key : properties.stringPropertyNames()) {
                p.setProperty(key, properties.getProperty(key));
            }
        }
        PoolPlace place = Thread.currentThread() instanceof Worker w ? w.pool().place() : null;
        if (place == null && p.getProperty(IbisProperties.POOL_SIZE) != null
                && p.getProperty(IbisProperties.SERVER_ADDRESS) != null) {
            place = PoolRendezvous.meet(p);
        }
        if (place == null) {
            place = new PoolPlace(0, List.of(localHost()));
        }
        this.poolName = p.getProperty(IbisProperties.POOL_NAME, "satin");
        this.rank = place.rank();
        List<String> h = new ArrayList<>();
        List<String> c = new ArrayList<>();
        for (String location : place.locations()) {
            int at = location.indexOf('@');
            h.add(at < 0 ? location : location.substring(0, at));
            c.add(at < 0 ? "" : location.substring(at + 1));
        }
        this.hosts = h.toArray(new String[0]);
        this.clusters = c.toArray(new String[0]);
    }

    /** The pool of this process, as {@link #PoolInfo()} finds it; failures become an unchecked error. */
    public static PoolInfo createPoolInfo() {
        try {
            return new PoolInfo();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find this process's pool: " + e.getMessage(), e);
        }
    }

    private static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    public String getPoolName() {
        return poolName;
    }

    /** The number of nodes in the pool. */
    public int size() {
        return hosts.length;
    }

    /** This process's rank, 0 to size()-1. */
    public int rank() {
        return rank;
    }

    /** This process's host name. */
    public String hostName() {
        return hosts[rank];
    }

    /** The host name of rank {@code rank}. */
    public String hostName(int rank) {
        return hosts[rank];
    }

    /** Every rank's host name, by rank. */
    public String[] hostNames() {
        return hosts.clone();
    }

    /** This process's cluster. */
    public String clusterName() {
        return clusters[rank];
    }

    /** The cluster of rank {@code rank}. */
    public String clusterName(int rank) {
        return clusters[rank];
    }

    /** Every rank's cluster, by rank. */
    public String[] clusterNames() {
        return clusters.clone();
    }

    /** Same as {@link #clusterName()} (the newer API's name). */
    public String getCluster() {
        return clusterName();
    }

    /** Same as {@link #clusterName(int)}. */
    public String getCluster(int rank) {
        return clusterName(rank);
    }

    /** The address of this process's host, looked up by its name. */
    public InetAddress getInetAddress() throws UnknownHostException {
        return InetAddress.getByName(hostName());
    }

    /** The address of the host of rank {@code rank}, looked up by its name. */
    public InetAddress getInetAddress(int rank) throws UnknownHostException {
        return InetAddress.getByName(hostName(rank));
    }

    /** Prints "message: seconds" on standard out for rank 0 only, as Satin programs report their times. */
    public void printTime(String message, long millis) {
        if (rank == 0) {
            System.out.println(message + ": " + millis / 1000.0 + " s");
        }
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("pool info: size = " + size() + "; my rank is " + rank + "; hosts:");
        for (int i = 0; i < hosts.length; i++) {
            b.append("\n  ").append(i).append(": ").append(hosts[i]).append(" cluster ").append(clusters[i]);
        }
        return b.toString();
    }
}
