package satin.ipl.udp;

import java.io.IOException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import satin.ipl.PortCapability;
import satin.ipl.spi.IplProvider;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/**
 * The {@code udp} implementation: reliable ports over the protocol of {@code satin.ipl.udp.protocol}, unreliable
 * ports over plain datagrams. Keys: {@code ipl.udp.fragment} (payload bytes per packet), {@code ipl.udp.window}
 * (packets in flight), {@code ipl.udp.peer.timeout} (ms without acknowledgement before a link is lost) and, for
 * tests, {@code ipl.udp.fault.loss|duplicate|reorder} (probabilities), {@code ipl.udp.fault.delay} (ms a reordered
 * datagram is held at most) and {@code ipl.udp.fault.seed}.
 */
public final class UdpProvider implements IplProvider {
    public static final String NAME = "udp";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<PortCapability> portCapabilities() {
        return EnumSet.allOf(PortCapability.class);
    }

    @Override
    public Map<String, String> propertyKeys() {
        return UdpSettings.DEFAULTS;
    }

    /** Below tcp (the better default on the Internet), above local. */
    @Override
    public int preference() {
        return 15;
    }

    @Override
    public Transport createTransport(TransportContext context) throws IOException {
        return new UdpTransport(context);
    }
}
