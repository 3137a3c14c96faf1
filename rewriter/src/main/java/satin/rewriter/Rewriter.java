package satin.rewriter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Attribute;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import satin.contract.ContractNames;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.diagnostic.Findings;
import satin.rewriter.diagnostic.SourceNames;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.hierarchy.HierarchyClassWriter;
import satin.rewriter.hierarchy.MissingClassException;
import satin.rewriter.shared.SharedChecks;
import satin.rewriter.shared.WriteCalls;
import satin.rewriter.spawn.CountedLoops;
import satin.rewriter.spawn.InletAnalysis;
import satin.rewriter.spawn.MethodScan;
import satin.rewriter.spawn.PendingSpawns;
import satin.rewriter.spawn.ReadBeforeSync;
import satin.rewriter.spawn.SiteFinder;
import satin.rewriter.spawn.StableFields;
import satin.rewriter.spawn.SpawnSite;
import satin.rewriter.spawn.SpawnlessSync;
import satin.rewriter.transform.ImplicitInletSync;
import satin.rewriter.transform.InletExpansion;
import satin.rewriter.transform.LoopSplit;
import satin.rewriter.transform.MainEntryInjection;
import satin.rewriter.transform.Marks;
import satin.rewriter.transform.MethodRewriting;
import satin.rewriter.transform.OriginalClassFile;
import satin.rewriter.transform.RecordSpec;
import satin.rewriter.transform.RecordTable;

/**
 * Rewrites one class file at a time; the entry point of the library used by the CLI, the Maven plugin and
 * the agent. A class is left exactly as it is when it carries the {@code @Rewritten} mark of this rewriter's output
 * format (one of another format is rewritten again from the original class file it carries), when it neither
 * spawns nor syncs (and is not marked {@code @SatinMain}), or when it has errors. Otherwise its methods that spawn
 * or sync are rewritten (static initializers excepted: their spawns stay plain calls), read-before-sync warnings
 * are added, and its {@code main} gets the check that starts a runtime. Composed of one analysis or transformation
 * per class: {@code SiteFinder}, {@code ReadBeforeSync}, {@code PendingSpawns}, {@code MethodRewriting},
 * {@code MainEntryInjection}, and for shared objects {@code SharedChecks} and {@code WriteCalls} (a class that only
 * calls write methods is rewritten for them alone). Thread-safe if its {@link ClassHierarchy} source is.
 */
public final class Rewriter {

    private final ClassHierarchy hierarchy;
    /** Whether a {@code return} with a value in an inlet is an error rather than a warning. */
    private final boolean strictInlets;
    /** Whether counted loops of spawns are made splittable ({@link LoopSplit}). */
    private final boolean splitLoops;

    /**
     * Whether counted loops of spawns are made splittable when the caller does not say: off until the runtime's
     * loop splitting is on by default (see rewriter/README.md, "Lazy loop splitting"). The Maven plugin's
     * {@code splitLoops}, {@code satin compile --split-loops} and the agent's {@code split-loops} option turn it on.
     */
    public static final boolean SPLIT_LOOPS_DEFAULT = false;

    public Rewriter(ClassHierarchy hierarchy) {
        this(hierarchy, false);
    }

    /** @param strictInlets makes a {@code return} with a value in an inlet an error (it is a warning by default) */
    public Rewriter(ClassHierarchy hierarchy, boolean strictInlets) {
        this(hierarchy, strictInlets, SPLIT_LOOPS_DEFAULT);
    }

    /** @param splitLoops makes counted loops of spawns splittable between workers ({@link LoopSplit}) */
    public Rewriter(ClassHierarchy hierarchy, boolean strictInlets, boolean splitLoops) {
        this.hierarchy = hierarchy;
        this.strictInlets = strictInlets;
        this.splitLoops = splitLoops;
    }

    public ClassRewrite rewrite(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, new Attribute[] {OriginalClassFile.PROTOTYPE}, ClassReader.SKIP_FRAMES);
        Optional<Integer> format = Marks.format(node);
        if (format.isPresent()) {
            return format.get() == Marks.FORMAT ? ClassRewrite.alreadyRewritten(node.name, classFile)
                    : rewriteAgain(node, classFile, format.get());
        }
        if (hierarchy.find(node.name).isEmpty()) {
            hierarchy.add(classFile);
        }
        Findings findings = new Findings(node.name, node.sourceFile);
        try {
            return rewrite(node, classFile, findings);
        } catch (MissingClassException e) {
            findings.error(null, -1, "cannot rewrite: " + e.getMessage());
            return unchanged(node, classFile, findings.diagnostics(), 0, 0);
        }
    }

    /**
     * A class another rewriter made (another output format): rewritten from the original class file it carries, or
     * with nothing to start from, an error that says how to get the original back. A generated record is left for
     * its host, whose new rewrite generates it again if it still needs it.
     */
    private ClassRewrite rewriteAgain(ClassNode node, byte[] classFile, int format) {
        byte[] original = OriginalClassFile.of(node);
        Findings findings = new Findings(node.name, node.sourceFile);
        if (original != null) {
            ClassNode head = new ClassNode();
            new ClassReader(original).accept(head, ClassReader.SKIP_CODE);
            if (!head.name.equals(node.name) || Marks.isMarked(head)) {
                findings.error(null, -1, "carries as its original class file " + (Marks.isMarked(head)
                        ? "a rewritten class" : "class " + SourceNames.type(head.name)) + ", not what javac made of it:"
                        + " compile it from source again (mvn clean package, or delete the class file) and rewrite that");
                return unchanged(node, classFile, findings.diagnostics(), 0, 0);
            }
            ClassRewrite again = rewrite(original);
            // the original alone (it no longer needs rewriting, or has errors) also replaces the stale class
            return again.changed() ? again : new ClassRewrite(node.name, original, true, Map.of(),
                    again.diagnostics(), again.spawnSites(), again.syncs());
        }
        if (ContractNames.INVOCATION_RECORD.equals(node.superName) || ContractNames.LOOP_RANGE.equals(node.superName)) {
            return new ClassRewrite(node.name, classFile, false, Map.of(), List.of(), 0, 0, true, false);
        }
        findings.error(null, -1, "was rewritten by " + (format == 0 ? "an older Satin rewriter" : "a Satin rewriter of"
                + " output format " + format) + ", which kept no copy of the original class; this rewriter (format "
                + Marks.FORMAT + ") cannot rewrite it again: compile it from source again (mvn clean package, or"
                + " delete the class file) and rewrite that");
        return unchanged(node, classFile, findings.diagnostics(), 0, 0);
    }

    private ClassRewrite rewrite(ClassNode node, byte[] classFile, Findings findings) {
        checkSatinObject(node, findings);
        SharedChecks.check(hierarchy, node, findings);
        SiteFinder finder = new SiteFinder(hierarchy, node);
        StableFields stable = new StableFields(hierarchy, node);
        Map<MethodNode, MethodScan> scans = new LinkedHashMap<>();
        Map<MethodNode, Expanded> expanded = new IdentityHashMap<>();
        Set<MethodNode> queueEverySpawn = Collections.newSetFromMap(new IdentityHashMap<>());
        int sites = 0;
        int syncs = 0;
        LoopSplit loops = new LoopSplit(node, hierarchy);
        for (MethodNode method : node.methods) {
            if (method.instructions.size() == 0) {
                continue;
            }
            MethodScan scan = finder.scan(method, findings);
            if (!scan.isEmpty() && !method.name.equals("<clinit>")) {
                InletAnalysis.Inlets inlets = InletAnalysis.analyse(method, scan, new PendingSpawns(method, scan),
                        findings, strictInlets);
                if (inlets != null && !findings.hasErrors() && !inlets.returnsWithOutstanding().isEmpty()) {
                    // the original's implicit sync before such a return runs their inlets: add it, look again
                    ImplicitInletSync.insert(method, inlets.returnsWithOutstanding());
                    Findings again = new Findings(node.name, node.sourceFile); // reported once, above
                    scan = finder.scan(method, again);
                    inlets = InletAnalysis.analyse(method, scan, new PendingSpawns(method, scan), again, strictInlets);
                }
                if (abortsOutsideInlets(scan, inlets)) {
                    queueEverySpawn.add(method);
                }
                if (inlets != null && !findings.hasErrors()) {
                    int frame = method.maxLocals++;
                    InletExpansion.apply(method, inlets, frame);
                    // the copies of the inlets hold spawns and stores of their own: scan the expanded code again
                    scan = finder.scan(method, new Findings(node.name, node.sourceFile));
                    expanded.put(method, new Expanded(frame, inlets.siteGroups()));
                }
                if (splitLoops && inlets == null && !queueEverySpawn.contains(method) && !findings.hasErrors()
                        && !method.name.equals("<init>")
                        && loops.apply(method, CountedLoops.find(method, scan)) > 0) {
                    scan = finder.scan(method, new Findings(node.name, node.sourceFile)); // reported once, above
                }
            }
            if (!scan.isEmpty()) {
                scans.put(method, scan);
                sites += scan.sites().size();
                syncs += scan.syncs().size();
            }
        }
        scans.forEach((method, scan) -> ReadBeforeSync.check(method, scan, stable, findings));
        SpawnlessSync.check(hierarchy, node, scans, findings);
        loops.addBodies(); // not scanned: the spawn in a loop body's copy stays a plain call
        boolean startsRuntime = !scans.isEmpty() || MainEntryInjection.isMarked(node);
        // write-method calls become bridge calls of the same stack effect, so the spawn rewriting below is unaffected
        int writeCalls = findings.hasErrors() ? 0 : WriteCalls.rewrite(hierarchy, node);
        if ((!startsRuntime && writeCalls == 0) || findings.hasErrors()) {
            return unchanged(node, classFile, findings.diagnostics(), sites, syncs);
        }
        RecordTable table = new RecordTable(node);
        boolean changed = false;
        for (Map.Entry<MethodNode, MethodScan> e : new ArrayList<>(scans.entrySet())) {
            MethodNode method = e.getKey();
            if (method.name.equals("<clinit>")) {
                // Run as plain calls: a job stolen from a static initializer could need the class being initialised,
                // and its thief would wait for the initialisation, which waits for the job (see the README).
                continue;
            }
            MethodScan scan = e.getValue();
            Map<SpawnSite, RecordSpec> specs = new IdentityHashMap<>();
            for (SpawnSite site : scan.sites()) {
                specs.put(site, table.specFor(site));
            }
            Expanded inlets = expanded.get(method);
            MethodRewriting.apply(node, hierarchy, method, scan, new PendingSpawns(method, scan), specs,
                    inlets == null ? -1 : inlets.frame(), inlets == null ? Map.of() : inlets.siteGroups(),
                    queueEverySpawn.contains(method));
            changed = true;
        }
        if (startsRuntime) {
            changed |= MainEntryInjection.inject(node);
        }
        changed |= writeCalls > 0;
        if (!changed) {
            return unchanged(node, classFile, findings.diagnostics(), sites, syncs);
        }
        Marks.mark(node);
        OriginalClassFile.attach(node, classFile);
        Map<String, byte[]> records = new LinkedHashMap<>(table.generate());
        records.values().forEach(hierarchy::add);
        records.putAll(loops.records());
        HierarchyClassWriter writer = new HierarchyClassWriter(hierarchy);
        node.accept(writer);
        return new ClassRewrite(node.name, writer.toByteArray(), true, records, findings.diagnostics(), sites,
                syncs);
    }

    /** A method whose inlets were expanded: its frame local and the inlet group of each spawn under an inlet. */
    private record Expanded(int frame, Map<org.objectweb.asm.tree.MethodInsnNode, Integer> siteGroups) {
    }

    /** A class implementing a spawnable interface must extend SatinObject, or its spawns could not sync. */
    private void checkSatinObject(ClassNode node, Findings findings) {
        if ((node.access & org.objectweb.asm.Opcodes.ACC_INTERFACE) != 0) {
            return;
        }
        hierarchy.spawnableInterfaceOf(node.name).ifPresent(iface -> {
            if (!hierarchy.isSubclassOf(node.name, ClassHierarchy.SATIN_OBJECT)) {
                int line = node.methods.stream().mapToInt(Findings::firstLine).filter(l -> l >= 0).min().orElse(-1);
                findings.error(null, line, "implements spawnable interface " + SourceNames.type(iface)
                        + " but does not extend satin.SatinObject: make it (or a superclass) extend SatinObject,"
                        + " whose sync() its spawns need");
            }
        });
    }

    private static ClassRewrite unchanged(ClassNode node, byte[] classFile, List<Diagnostic> diagnostics,
                                          int sites, int syncs) {
        return new ClassRewrite(node.name, classFile, false, Map.of(), diagnostics, sites, syncs);
    }

    /**
     * Whether the method calls {@code abort()} outside its inlets: {@code spawn; spawn; abort(); sync()} cancels the
     * children not yet done, in the original, where every spawn was queued. A spawn run as a plain call would be done
     * before the {@code abort()} is reached, so every spawn of such a method is queued (see
     * {@code MethodRewriting}). An {@code abort()} inside an inlet needs no such rule: the runtime queues the spawns
     * after an inline call that threw until the inlet ran.
     */
    private static boolean abortsOutsideInlets(MethodScan scan, InletAnalysis.Inlets inlets) {
        for (MethodInsnNode abort : scan.aborts()) {
            if (inlets == null || inlets.regions().values().stream().noneMatch(region -> region.contains(abort))) {
                return true;
            }
        }
        return false;
    }
}
