package satin.ipl.start;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

import satin.ipl.ImplementationProperties;
import satin.ipl.spi.IplProvider;

/** The keys of every {@link IplProvider} on the class path, for {@link satin.ipl.IplConfig}; a service. */
public final class ProviderProperties implements ImplementationProperties {
    @Override
    public Map<String, String> propertyKeys() {
        Map<String, String> out = new TreeMap<>();
        for (IplProvider p : ServiceLoader.load(IplProvider.class, ProviderProperties.class.getClassLoader())) {
            out.putAll(p.propertyKeys());
        }
        return out;
    }
}
