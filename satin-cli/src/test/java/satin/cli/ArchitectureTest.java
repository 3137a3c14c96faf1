package satin.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture rules of docs/modules.md, checked on the compiled classes of every module (this module
 * depends on all of them) and on the source tree: no cycle between packages, libraries free of the command-line
 * stack and of {@code System.exit}, a README per module and a {@code package-info.java} per package.
 */
class ArchitectureTest {

    /** The packages of the library modules (everything but this command line). */
    private static final String[] LIBRARIES = {"satin", "satin.contract..", "satin.balance..", "satin.trace..",
        "satin.ipl..", "satin.runtime..", "satin.rewriter..", "satin.simulator..", "satin.apps..", "satin.wanmodel.."};

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        // main classes only: test classes (test-classes directories, the jars the tests' JVM sees them as, see
        // JarredClassPath, the runtime's -tests.jar) are not part of it
        ImportOption mainOnly = location -> !location.contains("/test-classes/")
                && !location.matches(Pattern.compile(".*(-tests|-test-classes)\\.jar.*"));
        classes = new ClassFileImporter().withImportOption(mainOnly).importPackages("satin");
    }

    /** Every package is a slice of its own: a cycle between any two packages fails. */
    private static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            return name.equals("satin") || name.startsWith("satin.") ? SliceIdentifier.of(name)
                    : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "every Satin package";
        }
    };

    @Test
    void theImportSeesEveryModule() {
        for (String probe : List.of("satin.SatinObject", "satin.contract.Spawns", "satin.balance.StealPolicy",
                "satin.trace.TraceFormat", "satin.ipl.start.Ipl", "satin.runtime.SatinRuntime",
                "satin.rewriter.Rewriter", "satin.simulator.model.Simulation", "satin.apps.fib.Fib",
                "satin.cli.SatinCommand")) {
            assertTrue(classes.contain(probe), probe + " imported");
        }
        assertTrue(classes.stream().noneMatch(c -> c.getName().endsWith("Test")), "no test class imported");
    }

    /** No cycle between packages, no exception. */
    @Test
    void noCycleBetweenPackages() {
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(classes);
    }

    /**
     * The IPL's API package names none of the implementation packages (they all depend on it), and no IPL package
     * names the entry point's package {@code satin.ipl.start}, which names them: only programs (the runtime's node,
     * the command line) start nodes.
     */
    @Test
    void theIplApiNamesNoImplementationAndNothingInTheIplNamesTheEntryPoint() {
        noClasses().that().resideInAPackage("satin.ipl").should().dependOnClassesThat()
                .resideInAPackage("satin.ipl.*..").check(classes);
        noClasses().that().resideInAPackage("satin.ipl..").and().resideOutsideOfPackage("satin.ipl.start")
                .should().dependOnClassesThat().resideInAPackage("satin.ipl.start").check(classes);
    }

    @Test
    void librariesDoNotUseTheCommandLineStack() {
        noClasses().that().resideInAnyPackage(LIBRARIES).should().dependOnClassesThat()
                .resideInAnyPackage("picocli..", "com.fasterxml.jackson..", "org.knowm.xchart..", "ch.qos.logback..")
                .because("commands, JSON output, charts and the logging binding belong to the command line")
                .check(classes);
        noClasses().that().resideInAnyPackage(LIBRARIES).should().dependOnClassesThat().resideInAPackage("satin.cli..")
                .check(classes);
    }

    @Test
    void onlyTheCommandLineAndTheApplicationsEndTheJvmAndOnlyInMain() {
        ArchCondition<JavaClass> exitOnlyInMain = new ArchCondition<>(
                "call System.exit only in a main method of the command line or of an application") {
            @Override
            public void check(JavaClass javaClass, ConditionEvents events) {
                for (JavaMethodCall call : javaClass.getMethodCallsFromSelf()) {
                    if (call.getTargetOwner().isEquivalentTo(System.class) && call.getName().equals("exit")) {
                        String pkg = javaClass.getPackageName();
                        // a spawning main is split by the rewriter: its slow copy, satin$slow$main$K, holds the
                        // same code (rewriter/README.md, "The fast copy")
                        String method = call.getOrigin().getName();
                        boolean allowed = (method.equals("main") || method.startsWith("satin$slow$main$"))
                                && (pkg.startsWith("satin.cli") || pkg.startsWith("satin.apps")
                                        || pkg.equals("satin.virtual")); // virtual-work is a program like the apps
                        events.add(new SimpleConditionEvent(call, allowed, call.getDescription()));
                    }
                }
            }
        };
        classes().should(exitOnlyInMain).check(classes);
    }

    @Test
    void theContractDependsOnNothingButTheJdkAndTheApi() {
        classes().that().resideInAnyPackage("satin", "satin.contract..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("satin", "satin.contract..", "java..").check(classes);
        classes().that().resideInAnyPackage("satin.balance..", "satin.trace..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("satin.balance..", "satin.trace..", "java..").check(classes);
    }

    /**
     * The node layer's protocol (issue 30): the codec and its messages know nothing of the runtime but plain values
     * (the report records) and the IPL's API, so a simulation can run the protocol without a transport; the local
     * scheduler knows nothing of the node layer (fault recovery reaches it through {@code spawn.SalvagedLookup}).
     */
    @Test
    void theCodecKnowsOnlyTheIplApiAndTheSchedulerKnowsNoNodeLayer() {
        classes().that().resideInAPackage("satin.runtime.node.wire").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "satin.ipl", "satin", "satin.contract..", "satin.runtime.node.wire",
                        "satin.runtime.node.report")
                .check(classes);
        classes().that().resideInAPackage("satin.runtime.node.report").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "satin.runtime.node.report", "satin.runtime.spawn")
                .check(classes);
        noClasses().that().resideInAPackage("satin.runtime.spawn..").should().dependOnClassesThat()
                .resideInAPackage("satin.runtime.node..").check(classes);
    }

    /**
     * The pool view (issue 30, part 3) is a value of its own: it knows the IPL's node identifiers and nothing of
     * stealing, recovery or the node's wiring, so recovery, the launcher's fault handling and a simulation can all
     * build on it.
     */
    /**
     * Stealing (issue 30, part 3) knows nothing of crash recovery (recovery uses the steal ledger, not the reverse; the
     * node wires recovery in as {@code steal.Losses}) nor of the node's wiring: thief, victim and ledger depend on the
     * messages, the balancing policies, the runtime's scheduler and shared-object references only.
     */
    @Test
    void stealingDoesNotImportRecovery() {
        noClasses().that().resideInAPackage("satin.runtime.node.steal..").should().dependOnClassesThat()
                .resideInAnyPackage("satin.runtime.node.recovery..", "satin.runtime.node").check(classes);
        classes().that().resideInAPackage("satin.runtime.node.steal").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.slf4j..", "satin.balance..", "satin.contract..", "satin.ipl",
                        "satin.runtime.node.steal", "satin.runtime.node.wire", "satin.runtime.node.shared",
                        "satin.runtime.node.classes", "satin.runtime.node.loop", "satin.runtime.node.life",
                        "satin.runtime.spawn",
                        "satin.runtime.timeline")
                .check(classes);
    }

    /** The local scheduler does not import fault recovery: it reaches the salvaged results through its own interface. */
    @Test
    void theSchedulerDoesNotImportFaultRecovery() {
        noClasses().that().resideInAPackage("satin.runtime.spawn..").should().dependOnClassesThat()
                .resideInAnyPackage("satin.runtime.node.recovery..", "satin.runtime.node.steal..")
                .because("spawn.SalvagedLookup is the scheduler's view of recovery").check(classes);
    }

    /** Recovery (issue 30, part 3) reaches stealing through its StealingSide interface, never the node's wiring. */
    @Test
    void recoveryDoesNotImportTheNodeWiring() {
        noClasses().that().resideInAPackage("satin.runtime.node.recovery..").should().dependOnClassesThat()
                .resideInAPackage("satin.runtime.node").check(classes);
    }

    @Test
    void theMembershipViewKnowsOnlyTheIplApi() {
        classes().that().resideInAPackage("satin.runtime.node.membership").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "satin.ipl", "satin.runtime.node.membership")
                .check(classes);
    }

    /** The protocol loop (issue 30, part 4) is a serial executor and nothing else: every part of a node may use it. */
    @Test
    void theProtocolLoopKnowsOnlyTheJdk() {
        classes().that().resideInAPackage("satin.runtime.node.loop").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "satin.runtime.node.loop")
                .check(classes);
    }

    /** The run's phase (issue 30, part 3) is a value with its transitions and nothing else. */
    @Test
    void theRunPhaseKnowsOnlyTheJdk() {
        classes().that().resideInAPackage("satin.runtime.node.life").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "satin.runtime.node.life")
                .check(classes);
    }

    @Test
    void everyModuleHasAReadme() throws IOException {
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
        List<String> missing = new ArrayList<>();
        int modules = 0;
        while (module.find()) {
            modules++;
            if (!Files.isRegularFile(ROOT.resolve(module.group(1)).resolve("README.md"))) {
                missing.add(module.group(1));
            }
        }
        assertTrue(modules >= 9, "modules read from the root pom: " + modules);
        assertEquals(List.of(), missing, "modules without a README.md");
    }

    @Test
    void everyPackageHasAPackageInfo() throws IOException {
        TreeSet<Path> missing = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(f -> f.toString().endsWith(".java") && f.toString().contains("/src/main/java/")
                            && !f.toString().contains("/target/") && !f.toString().contains("/src/it/"))
                    .map(Path::getParent)
                    // a source root is the unnamed package (programs in the original's style live there), which
                    // cannot have a package-info
                    .filter(dir -> !dir.endsWith(Path.of("src", "main", "java")))
                    .filter(dir -> !Files.isRegularFile(dir.resolve("package-info.java")))
                    .forEach(dir -> missing.add(ROOT.relativize(dir)));
        }
        assertEquals(List.of(), List.copyOf(missing), "packages without a package-info.java");
    }
}
