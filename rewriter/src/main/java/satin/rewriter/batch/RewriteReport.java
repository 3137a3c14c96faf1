package satin.rewriter.batch;

import java.util.List;
import satin.rewriter.Diagnostic;

/** What a batch rewrite did. With errors nothing was written. */
public record RewriteReport(int classesScanned, int classesRewritten, int recordsGenerated, int spawnSites,
                            int syncs, List<Diagnostic> diagnostics) {

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
        return String.format("%d classes scanned, %d rewritten (%d spawn sites, %d sync calls),"
                        + " %d invocation-record classes generated, %d errors, %d warnings",
                classesScanned, classesRewritten, spawnSites, syncs, recordsGenerated, errors().size(),
                warnings().size());
    }
}
