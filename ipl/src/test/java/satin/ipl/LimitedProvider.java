package satin.ipl;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import satin.ipl.spi.IplProvider;
import satin.ipl.spi.Transport;
import satin.ipl.spi.TransportContext;

/** A test implementation offering little, to check capability matching; it never starts. */
public final class LimitedProvider implements IplProvider {
    @Override
    public String name() {
        return "limited";
    }

    @Override
    public Set<PoolCapability> poolCapabilities() {
        return EnumSet.of(PoolCapability.MEMBERSHIP_EVENTS);
    }

    @Override
    public Set<PortCapability> portCapabilities() {
        return EnumSet.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE, PortCapability.EXPLICIT_RECEIPT,
                PortCapability.SERIALIZATION_BYTES);
    }

    @Override
    public Map<String, String> propertyKeys() {
        return Map.of("ipl.limited.knob", "1");
    }

    @Override
    public int preference() {
        return -100;
    }

    @Override
    public Transport createTransport(TransportContext context) {
        throw new UnsupportedOperationException("the limited test implementation never runs");
    }
}
