package satin.ipl;

import java.util.Map;

/**
 * The configuration keys that the IPL implementations on the class path declare, each with its default (e.g.
 * {@code ipl.udp.loss}). {@link IplConfig} accepts and defaults these keys besides its own ({@link IplProperties});
 * it finds them through {@link java.util.ServiceLoader} because the implementations depend on this package, not
 * the reverse. The IPL registers one ({@code satin.ipl.start.ProviderProperties}) that asks every
 * {@code satin.ipl.spi.IplProvider}.
 */
public interface ImplementationProperties {
    /** Key to default value, for every key the implementations accept. */
    Map<String, String> propertyKeys();
}
