package satin.ipl.spi;

import java.io.IOException;
import java.util.Map;
import java.util.Set;

import satin.ipl.PoolCapability;
import satin.ipl.PortCapability;

/**
 * An IPL implementation, found with {@link java.util.ServiceLoader}. Chosen by name ({@code
 * ipl.implementation}) or, when no name is given, as the implementation with the highest {@link
 * #preference()} among those offering every requested capability.
 */
public interface IplProvider {
    /** Short unique name: tcp, udp, local, ... */
    String name();

    /** Pool capabilities come from the shared registry, so by default an implementation offers all. */
    default Set<PoolCapability> poolCapabilities() {
        return java.util.EnumSet.allOf(PoolCapability.class);
    }

    /** Every port capability this implementation can provide; a port type is supported if all its are. */
    Set<PortCapability> portCapabilities();

    /** Implementation-specific configuration keys and their defaults (e.g. {@code ipl.udp.loss}). */
    default Map<String, String> propertyKeys() {
        return Map.of();
    }

    /** Higher wins in automatic selection. */
    default int preference() {
        return 0;
    }

    /** Whether this implementation can run with the given context (e.g. local needs a LocalNetwork). */
    default boolean usable(TransportContext context) {
        return true;
    }

    /** Creates and binds the transport; it publishes its {@link Transport#address()} via the registry. */
    Transport createTransport(TransportContext context) throws IOException;
}
