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
 * @param alreadyRewritten the input is a class this rewriter made before (an earlier build): left as it is
 */
public record ClassRewrite(String className, byte[] bytes, boolean changed, Map<String, byte[]> records,
                           List<Diagnostic> diagnostics, int spawnSites, int syncs, boolean obsolete,
                           boolean alreadyRewritten) {

    public ClassRewrite(String className, byte[] bytes, boolean changed, Map<String, byte[]> records,
                        List<Diagnostic> diagnostics, int spawnSites, int syncs) {
        this(className, bytes, changed, records, diagnostics, spawnSites, syncs, false, false);
    }

    /** A class file this rewriter made before, returned as it is. */
    public static ClassRewrite alreadyRewritten(String className, byte[] bytes) {
        return new ClassRewrite(className, bytes, false, Map.of(), List.of(), 0, 0, false, true);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
