package satin.ipl.tcp;

import java.util.EnumSet;
import java.util.Set;

import satin.ipl.IplException;
import satin.ipl.PortCapability;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/** The {@code tcp} implementation; unreliable ports are carried reliably (a stronger guarantee). */
public final class TcpProvider implements IplProvider {
    public static final String NAME = "tcp";

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
        return 100;
    }

    @Override
    public Transport createTransport(TransportContext context) throws IplException {
        return new TcpTransport(context);
    }
}
