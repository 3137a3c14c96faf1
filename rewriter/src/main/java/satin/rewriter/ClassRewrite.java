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
 */
public record ClassRewrite(String className, byte[] bytes, boolean changed, Map<String, byte[]> records,
                           List<Diagnostic> diagnostics, int spawnSites, int syncs) {

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
