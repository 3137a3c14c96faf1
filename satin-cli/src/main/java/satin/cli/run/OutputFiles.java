package satin.cli.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks, before a run starts, that the files it is asked to write ({@code --stats-json}, {@code --trace},
 * {@code --record-trace}) can be written, so that a mistyped directory costs a one-line error and not the whole run.
 * A check, not a promise: the file system may change during the run, and the writer still reports its own failure.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /** The one-line error for {@code option FILE} if FILE cannot be written, else empty; a null file is fine. */
    static Optional<String> problem(String option, Path file) {
        if (file == null) {
            return Optional.empty();
        }
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        String reason = null;
        if (Files.isDirectory(absolute)) {
            reason = "it is a directory";
        } else if (dir != null && !Files.isDirectory(dir)) {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            reason = existing != null && !Files.isDirectory(existing) ? existing + " is not a directory"
                    : "the directory " + dir + " does not exist";
        } else if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            reason = "the file is not writable";
        } else if (!Files.exists(absolute) && dir != null && !Files.isWritable(dir)) {
            reason = "the directory " + dir + " is not writable";
        }
        return reason == null ? Optional.empty()
                : Optional.of("error: " + option + " " + file + ": cannot write it: " + reason);
    }
}
