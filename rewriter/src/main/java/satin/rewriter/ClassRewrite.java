package satin.rewriter;

import java.util.List;
import java.util.Map;
import satin.rewriter.diagnostic.Diagnostic;

/**
 * The outcome of rewriting one class file.
 *
 * @param className internal name of the class
 * @param bytes     the class file to use: rewritten, or the input unchanged (same array) when nothing was done
 * @param changed   whether {@code bytes} differ from the input
 * @param records   generated invocation-record classes, by internal name, to be written next to the class
 * @param diagnostics errors and warnings; with errors, {@code bytes} is the unchanged input
 * @param obsolete  the input is an invocation record another rewriter (another output format) generated: the new
 *                  rewrite of its host generates it again if it still needs it, and a batch removes it otherwise
 */
public record ClassRewrite(String className, byte[] bytes, boolean changed, Map<String, byte[]> records,
                           List<Diagnostic> diagnostics, int spawnSites, int syncs, boolean obsolete) {

    public ClassRewrite(String className, byte[] bytes, boolean changed, Map<String, byte[]> records,
                        List<Diagnostic> diagnostics, int spawnSites, int syncs) {
        this(className, bytes, changed, records, diagnostics, spawnSites, syncs, false);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
