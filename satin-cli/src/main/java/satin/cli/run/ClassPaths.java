package satin.cli.run;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Turns a {@code -cp} value into a class loader whose parent shares the Satin runtime classes. */
public final class ClassPaths {

    private ClassPaths() {
    }

    /**
     * A loader for the entries of {@code classpath} (separated by the platform's path separator), delegating
     * to {@code parent}; {@code parent} itself when {@code classpath} is null or empty.
     *
     * @throws IllegalArgumentException naming the first entry that does not exist
     */
    public static ClassLoader loader(String classpath, ClassLoader parent) {
        if (classpath == null || classpath.isBlank()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("class path entry not found: " + entry);
            }
            try {
                urls.add(path.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("bad class path entry " + entry + ": " + e.getMessage(), e);
            }
        }
        return new URLClassLoader("satin-user", urls.toArray(URL[]::new), parent);
    }
}
