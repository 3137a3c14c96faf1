package satin.ibiscompat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisProperties;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PoolCapability;
import satin.ipl.start.Ipl;
import satin.runtime.spawn.PoolPlace;

/**
 * {@link ibis.poolInfo.PoolInfo} without a Satin node: the processes meet in a closed pool of their own at the
 * registry ({@code <pool>-poolinfo}), each gets the registry's number as its rank, and leaves once the pool closed
 * and it has read the members. The wait for the others is bounded by {@code ipl.registry.heartbeat.timeout}-style
 * failure detection of the registry and by {@value #WAIT_MILLIS} ms.
 */
public final class PoolRendezvous {
    static final long WAIT_MILLIS = 120_000;

    private PoolRendezvous() {
    }

    /** The place of this process among {@code ibis.pool.size} that meet at {@code ibis.server.address}. */
    public static PoolPlace meet(Properties p) throws IOException {
        Properties own = new Properties();
        own.putAll(p);
        own.setProperty(IbisProperties.POOL_NAME, p.getProperty(IbisProperties.POOL_NAME, "satin") + "-poolinfo");
        IplConfig config = IplConfig.of(IbisStarter.iplSettings(new IbisCapabilities(IbisCapabilities.CLOSED_WORLD),
                own));
        try (Node node = Ipl.node(config).poolCapabilities(PoolCapability.CLOSED_WORLD).start()) {
            if (!node.registry().waitUntilPoolClosed(WAIT_MILLIS)) {
                throw new IOException("only " + node.registry().poolSize() + " of " + config.get(IplProperties.POOL_SIZE)
                        + " processes met at " + config.get(IplProperties.REGISTRY_ADDRESS) + " within "
                        + WAIT_MILLIS / 1000 + " s");
            }
            List<NodeIdentifier> members = new ArrayList<>(node.registry().members());
            members.sort(null);
            List<String> locations = new ArrayList<>();
            for (NodeIdentifier m : members) {
                locations.add(m.location().toString());
            }
            return new PoolPlace(members.indexOf(node.identifier()), locations);
        }
    }
}
