package satin.cli.compile;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where this tool's own copy of the Satin API ({@code satin/Spawnable.class}) lives, so that
 * {@code satin compile dir} works without naming satin-runtime on the class path. Found as a resource: no
 * class is loaded.
 */
final class SatinApiLocation {

    private static final String RESOURCE = "satin/Spawnable.class";

    private SatinApiLocation() {
    }

    static Optional<Path> of(ClassLoader loader) {
        URL url = loader.getResource(RESOURCE);
        if (url == null) {
            return Optional.empty();
        }
        try {
            String spec = url.toString();
            if (url.getProtocol().equals("jar")) {
                return Optional.of(Path.of(new URL(spec.substring(4, spec.indexOf("!/"))).toURI()));
            }
            if (url.getProtocol().equals("file")) {
                Path file = Path.of(url.toURI());
                return Optional.of(file.getParent().getParent());
            }
        } catch (URISyntaxException | java.net.MalformedURLException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
