package satin.ipl.local;

import java.util.EnumSet;
import java.util.Set;

import satin.ipl.PortCapability;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/** The {@code local} implementation: nodes in one JVM sharing a {@link LocalNetwork}. */
public final class LocalProvider implements IplProvider {
    public static final String NAME = "local";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<PortCapability> portCapabilities() {
        return EnumSet.allOf(PortCapability.class);
    }

    @Override
    public int preference() {
        return 10;
    }

    @Override
    public boolean usable(TransportContext context) {
        return context.shared(LocalNetwork.class).isPresent();
    }

    @Override
    public Transport createTransport(TransportContext context) throws satin.ipl.IplException {
        LocalNetwork network = context.shared(LocalNetwork.class).orElseThrow(() -> new satin.ipl.IplException(
                "implementation 'local' needs a LocalNetwork (Ipl.node(config).localNetwork(network))"));
        return new LocalTransport(network, context);
    }
}
