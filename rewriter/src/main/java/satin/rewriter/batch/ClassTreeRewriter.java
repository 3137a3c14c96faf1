package satin.rewriter.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.rewriter.ClassRewrite;
import satin.rewriter.Rewriter;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.hierarchy.ClassSource;

/**
 * Rewrites directories of class files and jars in place, as the CLI and the Maven plugin do. Every class is
 * analysed first; only if no class has an error are the changed classes and the generated records written.
 * The type hierarchy comes from the targets themselves, then the given class path, then the JDK.
 */
public final class ClassTreeRewriter {

    private static final Logger LOG = LoggerFactory.getLogger(ClassTreeRewriter.class);

    /**
     * Written into every directory or jar in which classes were rewritten: the rewritten classes and records, one
     * per line. The runtime scans jars with a {@code META-INF/satin/} entry for records, so a jar packaged from
     * rewritten classes is found whatever its packages are called.
     */
    public static final String MARKER = "META-INF/satin/rewritten";

    private final boolean strictInlets;
    private final boolean splitLoops;

    public ClassTreeRewriter() {
        this(false);
    }

    /** @param strictInlets makes a {@code return} with a value in an inlet an error (see {@link Rewriter}) */
    public ClassTreeRewriter(boolean strictInlets) {
        this(strictInlets, Rewriter.SPLIT_LOOPS_DEFAULT);
    }

    /** @param splitLoops makes counted loops of spawns splittable (see {@link Rewriter}) */
    public ClassTreeRewriter(boolean strictInlets, boolean splitLoops) {
        this.strictInlets = strictInlets;
        this.splitLoops = splitLoops;
    }

    public RewriteReport rewrite(List<Path> targets, List<Path> classPath) throws IOException {
        for (Path target : targets) {
            if (!Files.exists(target)) {
                throw new NoSuchFileException(target.toString(), null, "no such class directory or jar");
            }
        }
        List<Path> lookup = new ArrayList<>(targets);
        lookup.addAll(classPath);
        try (ClassSource source = ClassSource.ofClassPath(lookup)) {
            ClassHierarchy hierarchy = new ClassHierarchy(source);
            if (hierarchy.find(ClassHierarchy.SPAWNABLE).isEmpty()) {
                // Without the API on the class path no call could be recognised as a spawn: say so.
                throw new NoSuchFileException("satin.Spawnable", null,
                        "not on the class path; add the satin-api jar to it");
            }
            Rewriter rewriter = new Rewriter(hierarchy, strictInlets, splitLoops);
            List<Diagnostic> diagnostics = new ArrayList<>();
            Map<ClassContainer, Output> output = new LinkedHashMap<>();
            int scanned = 0;
            int rewritten = 0;
            int already = 0;
            int records = 0;
            int sites = 0;
            int syncs = 0;
            for (Path target : targets) {
                ClassContainer container = ClassContainer.of(target);
                Map<String, byte[]> changed = new LinkedHashMap<>();
                java.util.Set<String> obsolete = new java.util.TreeSet<>();
                for (byte[] bytes : container.classes().values()) {
                    ClassRewrite result = rewriter.rewrite(bytes);
                    scanned++;
                    if (result.alreadyRewritten()) {
                        already++;
                    }
                    if (result.obsolete()) {
                        obsolete.add(result.className() + ".class");
                    }
                    diagnostics.addAll(result.diagnostics());
                    sites += result.spawnSites();
                    syncs += result.syncs();
                    if (result.changed()) {
                        LOG.debug("rewrote {}: {} spawn sites, {} sync calls, {} record classes",
                                result.className(), result.spawnSites(), result.syncs(), result.records().size());
                        rewritten++;
                        records += result.records().size();
                        changed.put(result.className() + ".class", result.bytes());
                        result.records().forEach((name, record) -> changed.put(name + ".class", record));
                    }
                }
                // records another rewriter generated that no host generated again this time: nothing uses them
                obsolete.removeAll(changed.keySet());
                obsolete.forEach(path -> LOG.debug("removing {}, a record another rewriter generated", path));
                if (!changed.isEmpty() || !obsolete.isEmpty()) {
                    changed.put(MARKER, marker(container, changed, obsolete));
                }
                output.put(container, new Output(changed, obsolete));
            }
            RewriteReport report = new RewriteReport(scanned, rewritten, already, records, sites, syncs, diagnostics);
            if (!report.failed()) {
                for (Map.Entry<ClassContainer, Output> e : output.entrySet()) {
                    if (!e.getValue().written().isEmpty()) {
                        e.getKey().write(e.getValue().written(), e.getValue().removed());
                    }
                }
            }
            return report;
        }
    }

    /** What one container gets: files to write (by path inside it) and class files to remove. */
    private record Output(Map<String, byte[]> written, java.util.Set<String> removed) {
    }

    /** The marker's lines: what was rewritten this time and what an earlier run listed, sorted, less the removed. */
    private static byte[] marker(ClassContainer container, Map<String, byte[]> changed, java.util.Set<String> removed)
            throws IOException {
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        byte[] earlier = container.read(MARKER);
        if (earlier != null) {
            new String(earlier, java.nio.charset.StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .forEach(names::add);
        }
        changed.keySet().forEach(path -> names.add(className(path)));
        removed.forEach(path -> names.remove(className(path)));
        return (String.join("\n", names) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String className(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }
}
