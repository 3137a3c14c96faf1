package satin.rewriter.batch;

import java.util.List;
import satin.rewriter.diagnostic.Diagnostic;

/**
 * What a batch rewrite did. With errors nothing was written.
 *
 * @param alreadyRewritten classes an earlier run of this rewriter had rewritten (or generated), left as they are: an
 *                         incremental build that compiled nothing new rewrites 0 classes, and says why
 */
public record RewriteReport(int classesScanned, int classesRewritten, int alreadyRewritten, int recordsGenerated,
                            int spawnSites, int syncs, List<Diagnostic> diagnostics) {

    public List<Diagnostic> errors() {
        return diagnostics.stream().filter(Diagnostic::isError).toList();
    }

    public List<Diagnostic> warnings() {
        return diagnostics.stream().filter(d -> !d.isError()).toList();
    }

    public boolean failed() {
        return !errors().isEmpty();
    }

    public String summary() {
        return count(classesScanned, "class", "classes") + " scanned, " + classesRewritten + " rewritten ("
                + count(spawnSites, "spawn site", "spawn sites") + ", " + count(syncs, "sync call", "sync calls")
                + "), " + (alreadyRewritten == 0 ? "" : alreadyRewritten + " already rewritten by an earlier build, ")
                + count(recordsGenerated, "invocation-record class", "invocation-record classes")
                + " generated, " + count(errors().size(), "error", "errors") + ", "
                + count(warnings().size(), "warning", "warnings");
    }

    private static String count(int n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
