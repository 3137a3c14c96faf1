package satin.rewriter.diagnostic;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a finding's source file is: a class file names its source by file name alone ({@code MergeSort.java}), which
 * no terminal or IDE can open; with the build's source roots it becomes a path ({@code
 * src/main/java/demo/MergeSort.java}), relative to the working directory when the file is under it.
 */
public final class SourcePaths {

    private SourcePaths() {
    }

    /**
     * The finding with its source file as a path, or unchanged when no source root holds it: the package is the
     * longest prefix of the class name whose directory in some root holds the file.
     */
    public static Diagnostic locate(Diagnostic d, List<Path> sourceRoots, Path workingDirectory) {
        if (d.sourceFile() == null || d.sourceFile().contains("/")) {
            return d;
        }
        String[] parts = d.className().split("\\.");
        for (int k = parts.length - 1; k >= 0; k--) {
            String dir = String.join("/", java.util.Arrays.copyOf(parts, k));
            for (Path root : sourceRoots) {
                Path file = (dir.isEmpty() ? root : root.resolve(dir)).resolve(d.sourceFile()).toAbsolutePath()
                        .normalize();
                if (Files.isRegularFile(file)) {
                    Path wd = workingDirectory.toAbsolutePath().normalize();
                    return d.at((file.startsWith(wd) ? wd.relativize(file) : file).toString());
                }
            }
        }
        return d;
    }
}
