package satin.rewriter.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import satin.contract.ContractNames;
import satin.rewriter.transform.Marks;
import satin.rewriter.transform.OriginalClassFile;

/**
 * Real Maven builds of small sample projects that use the plugin, run after this module is packaged. The
 * Satin artifacts of this build are placed in a private local repository under target/; everything else is
 * resolved from a file mirror of the outer build's local repository, so no network is needed.
 */
class SampleProjectIT {

    private static final Path BASEDIR = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    private static final Path TARGET = BASEDIR.resolve("target");
    private static final Path REPO = TARGET.resolve("it-repo");
    private static final String VERSION = System.getProperty("satin.version", "0.1.0-SNAPSHOT");
    private static final String EXEC_PLUGIN_VERSION = System.getProperty("exec.plugin.version", "3.5.0");
    private static final String ARCHETYPE_PLUGIN_VERSION = System.getProperty("archetype.plugin.version", "3.3.1");

    @BeforeAll
    static void seedRepository() throws IOException {
        install("satin-parent", BASEDIR.resolve("../pom.xml"), null);
        install("satin-api", BASEDIR.resolve("../satin-api/pom.xml"), BASEDIR.resolve("../satin-api/target"));
        install("satin-balance", BASEDIR.resolve("../satin-balance/pom.xml"),
                BASEDIR.resolve("../satin-balance/target"));
        install("satin-wan-model", BASEDIR.resolve("../wan-model/pom.xml"), BASEDIR.resolve("../wan-model/target"));
        install("ipl", BASEDIR.resolve("../ipl/pom.xml"), BASEDIR.resolve("../ipl/target"));
        install("satin-runtime", BASEDIR.resolve("../satin-runtime/pom.xml"),
                BASEDIR.resolve("../satin-runtime/target"));
        install("satin-rewriter", BASEDIR.resolve("../rewriter/pom.xml"), BASEDIR.resolve("../rewriter/target"));
        install("satin-maven-plugin", BASEDIR.resolve("pom.xml"), TARGET);
        install("satin-archetype", BASEDIR.resolve("../satin-archetype/pom.xml"),
                BASEDIR.resolve("../satin-archetype/target"));
        String outerRepo = System.getProperty("outer.repo", System.getProperty("user.home") + "/.m2/repository");
        // The outer local repository serves as the only remote one; it has no checksum files.
        Files.writeString(TARGET.resolve("it-settings.xml"), """
                <settings>
                  <profiles>
                    <profile>
                      <id>outer-local-repository</id>
                      <repositories>
                        <repository>
                          <id>central</id>
                          <url>%1$s</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository>
                          <id>central</id>
                          <url>%1$s</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles><activeProfile>outer-local-repository</activeProfile></activeProfiles>
                </settings>
                """.formatted(Path.of(outerRepo).toUri()));
    }

    /** Copies a module's pom and jar (or a jar of its classes) into the private repository. */
    private static void install(String artifactId, Path pom, Path moduleTarget) throws IOException {
        Path dir = REPO.resolve("io/satin/" + artifactId + "/" + VERSION);
        Files.createDirectories(dir);
        Files.copy(pom, dir.resolve(artifactId + "-" + VERSION + ".pom"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        if (moduleTarget != null) {
            Path jar = dir.resolve(artifactId + "-" + VERSION + ".jar");
            Path built = moduleTarget.resolve(artifactId + "-" + VERSION + ".jar");
            if (Files.exists(built)) {
                Files.copy(built, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else {
                jarDirectory(moduleTarget.resolve("classes"), jar);
            }
        }
    }

    private static void jarDirectory(Path classes, Path jar) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> walk = Files.walk(classes)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }

    private record Run(int exitCode, String output) {
    }

    private static Path prepare(String sample) throws IOException {
        Path source = BASEDIR.resolve("src/it/" + sample);
        Path project = TARGET.resolve("it/" + sample);
        if (Files.exists(project)) {
            try (Stream<Path> walk = Files.walk(project)) {
                walk.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                Path target = project.resolve(source.relativize(f).toString());
                Files.createDirectories(target.getParent());
                Files.writeString(target, Files.readString(f).replace("@satin.version@", VERSION)
                        .replace("@exec.plugin.version@", EXEC_PLUGIN_VERSION));
            }
        }
        return project;
    }

    private static Run exec(List<String> command, Path dir) throws IOException, InterruptedException {
        Process p = start(command, dir);
        return finish(p, command);
    }

    /** Starts a command with its output (and errors) in a log file, read by {@link #finish}. */
    private static Process start(List<String> command, Path dir) throws IOException {
        Path log = Files.createTempFile(TARGET, "it", ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        LOGS.put(p, log);
        return p;
    }

    private static final java.util.Map<Process, Path> LOGS = new java.util.concurrent.ConcurrentHashMap<>();

    private static Run finish(Process p, List<String> command) throws IOException, InterruptedException {
        Path log = LOGS.remove(p);
        try {
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                throw new AssertionError("timed out: " + command + "\n" + Files.readString(log));
            }
            return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static Run maven(Path project, String... goals) throws IOException, InterruptedException {
        String mavenHome = System.getProperty("maven.home");
        String mvn = mavenHome == null || mavenHome.isBlank() ? "mvn" : Path.of(mavenHome, "bin", "mvn").toString();
        List<String> command = new java.util.ArrayList<>(List.of(mvn, "-B", "-ntp", "-s",
                TARGET.resolve("it-settings.xml").toString(), "-Dmaven.repo.local=" + REPO));
        command.addAll(List.of(goals));
        return exec(command, project);
    }

    private static String withoutSlf4jNotice(String output) {
        return output.lines().filter(l -> !l.startsWith("SLF4J(")).map(l -> l + "\n")
                .collect(java.util.stream.Collectors.joining());
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The fib sample project with Fig. 2.1 exactly as the rewriter's own tests use it as its main source. */
    private static Path prepareFibSample() throws IOException {
        Path project = prepare("fib-sample");
        Path fib = project.resolve("src/main/java/Fib.java");
        Files.createDirectories(fib.getParent());
        Files.copy(BASEDIR.resolve("../rewriter/src/test/java/Fib.java"), fib);
        return project;
    }

    @Test
    void fibSampleIsRewrittenByThePluginAndPrintsTheRightResult() throws Exception {
        Path project = prepareFibSample();
        Run build = maven(project, "process-test-classes");
        assertEquals(0, build.exitCode(), build.output());
        assertTrue(build.output().contains("Satin: 2 classes scanned, 1 rewritten"), build.output());
        assertTrue(build.output().contains("Satin: 1 class scanned, 1 rewritten"), build.output());
        Path classes = project.resolve("target/classes");
        Path testClasses = project.resolve("target/test-classes");
        assertTrue(Files.exists(classes.resolve("Fib$SatinRecord0.class")), "record class generated");
        assertTrue(Files.exists(testClasses.resolve("FibCheck$SatinRecord0.class")), "test record class generated");

        String cp = classes + File.pathSeparator + testClasses + File.pathSeparator
                + System.getProperty("java.class.path");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Run run = exec(List.of(java, "-cp", cp, "Fib"), project);
        assertEquals(0, run.exitCode(), run.output());
        // main now starts the runtime, whose SLF4J says once that the program has no logging binding
        assertEquals("Fib 10 = 55\n", withoutSlf4jNotice(run.output()));
        Run check = exec(List.of(java, "-cp", cp, "FibCheck"), project);
        assertEquals("fib(12) = 144\n", withoutSlf4jNotice(check.output()));
    }

    /**
     * An incremental build after the rewriter changed: javac compiles nothing, and the class the earlier rewriter made
     * (its mark says another output format) is rewritten again from the original it carries, as a clean build would
     * rewrite it. A class from a rewriter that kept no original fails the build with a message naming the clean
     * build.
     */
    @Test
    void anIncrementalBuildRewritesAgainWhatAnotherRewriterMade() throws Exception {
        Path project = prepareFibSample();
        Run clean = maven(project, "process-classes");
        assertEquals(0, clean.exitCode(), clean.output());
        Path fib = project.resolve("target/classes/Fib.class");
        byte[] fresh = Files.readAllBytes(fib);
        // issue 29 item 20: a build with nothing new to rewrite says why it rewrote 0 classes
        Run again = maven(project, "process-classes");
        assertEquals(0, again.exitCode(), again.output());
        assertTrue(again.output().matches("(?s).*Satin: 3 classes scanned, 0 rewritten \\(0 spawn sites, 0 sync calls\\), "
                + "[1-3] already rewritten by an earlier build, .*"), again.output());

        Files.write(fib, markedWithFormat(fresh, Marks.FORMAT + 1, true));
        Run incremental = maven(project, "process-classes");
        assertEquals(0, incremental.exitCode(), incremental.output());
        assertTrue(incremental.output().contains("Nothing to compile"), "javac left the classes:\n" + incremental.output());
        // Fib, FibInter and the record the clean build generated; Fib is rewritten again
        assertTrue(incremental.output().contains("Satin: 3 classes scanned, 1 rewritten"), incremental.output());
        org.junit.jupiter.api.Assertions.assertArrayEquals(fresh, Files.readAllBytes(fib), "as the clean build made it");

        byte[] old = markedWithFormat(fresh, 0, false);
        Files.write(fib, old);
        Run failed = maven(project, "process-classes");
        assertNotEquals(0, failed.exitCode(), failed.output());
        assertTrue(failed.output().contains("[ERROR] Fib (src/main/java/Fib.java): was rewritten by an older Satin rewriter,"
                + " which kept no copy of the original class"), failed.output());
        assertTrue(failed.output().contains("mvn clean package"), failed.output());
        org.junit.jupiter.api.Assertions.assertArrayEquals(old, Files.readAllBytes(fib), "nothing written");
    }

    /** A rewritten class as a rewriter of another output format leaves it: marked so, with or without its original. */
    private static byte[] markedWithFormat(byte[] rewritten, int format, boolean keepOriginal) {
        org.objectweb.asm.ClassWriter writer = new org.objectweb.asm.ClassWriter(0);
        new org.objectweb.asm.ClassReader(rewritten).accept(new org.objectweb.asm.ClassVisitor(
                org.objectweb.asm.Opcodes.ASM9, writer) {
            @Override
            public org.objectweb.asm.AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
                if (!descriptor.equals(ContractNames.REWRITTEN_DESCRIPTOR)) {
                    return super.visitAnnotation(descriptor, visible);
                }
                org.objectweb.asm.AnnotationVisitor mark = super.visitAnnotation(descriptor, visible);
                mark.visit(ContractNames.REWRITTEN_VERSION, ContractNames.VERSION);
                if (format != 0) {
                    mark.visit(ContractNames.REWRITTEN_FORMAT, format);
                }
                mark.visitEnd();
                return null;
            }

            @Override
            public void visitAttribute(org.objectweb.asm.Attribute attribute) {
                if (keepOriginal || !attribute.type.equals(OriginalClassFile.NAME)) {
                    super.visitAttribute(attribute);
                }
            }
        }, 0);
        return writer.toByteArray();
    }

    /**
     * The sample project of the README: built with the plugin into one jar, started with plain {@code java -jar} it
     * uses every core; started twice with the documented properties, the two JVMs form a pool (one of them runs the
     * registry) and both run jobs.
     */
    @Test
    void aJarStartedWithPlainJavaUsesEveryCoreAndTwoOfThemFormAPool() throws Exception {
        Path project = prepare("plain-java-sample");
        Run build = maven(project, "package");
        assertEquals(0, build.exitCode(), build.output());
        assertTrue(build.output().contains("Satin: 2 classes scanned, 1 rewritten"), build.output());
        String jar = project.resolve("target/app.jar").toString();
        int cores = Runtime.getRuntime().availableProcessors();

        Run alone = exec(List.of(java(), "-jar", jar), project);
        assertEquals(0, alone.exitCode(), alone.output());
        assertTrue(alone.output().contains("threads used: " + cores + " of " + cores + " cores"), alone.output());

        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        java.nio.file.Path secret = project.resolve("pool.secret");
        java.nio.file.Files.writeString(secret, "a pool secret for this integration test\n");
        List<Process> nodes = new java.util.ArrayList<>();
        List<List<String>> commands = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                List<String> command = new java.util.ArrayList<>(List.of(java(), "-Dsatin.nodes=2",
                        "-Dsatin.registry=127.0.0.1:" + port, "-Dsatin.cluster=site" + i, "-Dsatin.stats=full",
                        "-Dsatin.workers=1", "-Dsatin.pool=it-" + port, "-Dsatin.pool-secret-file=" + secret));
                if (i == 0) {
                    command.add("-Dsatin.registry.serve=on");
                }
                // long enough (about 0.5 s) that the second node's first wide-area steal comes back before the
                // master is done: fib(30) took the fast path's 60 ms once, and the thief ran nothing
                command.addAll(List.of("-jar", jar, "fib", "34"));
                commands.add(command);
                nodes.add(start(command, project));
            }
            String both = "";
            for (int i = 0; i < 2; i++) {
                Run node = finish(nodes.get(i), commands.get(i));
                assertEquals(0, node.exitCode(), node.output());
                both += node.output();
            }
            assertTrue(both.contains("fib(34) = 5702887"), both);
            java.util.regex.Matcher rows = java.util.regex.Pattern.compile("(?m)^\\S+-\\d+\\s+site(\\d)\\s+1\\s+\\d+\\s+\\d+\\s+(\\d+)")
                    .matcher(both);
            int pooled = 0;
            while (rows.find()) {
                assertTrue(Long.parseLong(rows.group(2)) > 0, "a node ran no job:\n" + both);
                pooled++;
            }
            assertEquals(2, pooled, "the statistics list both nodes:\n" + both);
        } finally {
            nodes.forEach(Process::destroyForcibly);
        }
    }

    /**
     * A project from one command: the archetype's project builds (its test passes), and its program runs on every
     * core with {@code java -jar} and with {@code mvn exec:java} (main in Maven's JVM starts the runtime).
     */
    @Test
    void theArchetypeMakesAProjectThatBuildsAndRunsOnEveryCore() throws Exception {
        Path parent = TARGET.resolve("it/archetype");
        if (Files.exists(parent)) {
            try (Stream<Path> walk = Files.walk(parent)) {
                walk.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
        Files.createDirectories(parent);
        Run generate = maven(parent, "org.apache.maven.plugins:maven-archetype-plugin:" + ARCHETYPE_PLUGIN_VERSION
                + ":generate", "-DinteractiveMode=false", "-DarchetypeGroupId=io.satin",
                "-DarchetypeArtifactId=satin-archetype", "-DarchetypeVersion=" + VERSION, "-DgroupId=org.example",
                "-DartifactId=hello-satin", "-Dversion=1.0-SNAPSHOT", "-Dpackage=org.example.hello");
        assertEquals(0, generate.exitCode(), generate.output());
        Path project = parent.resolve("hello-satin");
        assertTrue(Files.exists(project.resolve("src/main/java/org/example/hello/Fib.java")), generate.output());

        Run build = maven(project, "package");
        assertEquals(0, build.exitCode(), build.output());
        assertTrue(build.output().contains("Tests run: 1, Failures: 0, Errors: 0"), build.output());
        int cores = Runtime.getRuntime().availableProcessors();

        Run jar = exec(List.of(java(), "-Dsatin.stats=on", "-jar", "target/hello-satin.jar", "27"), project);
        assertEquals(0, jar.exitCode(), jar.output());
        assertTrue(jar.output().contains("fib(27) = 196418"), jar.output());
        assertEquals(cores, workers(jar.output()), jar.output());

        Run exec = maven(project, "-q", "exec:java", "-Dexec.args=27", "-Dsatin.stats=on");
        assertEquals(0, exec.exitCode(), exec.output());
        assertTrue(exec.output().contains("fib(27) = 196418"), exec.output());
        assertEquals(cores, workers(exec.output()), exec.output());
    }

    /** The number of workers the statistics of a one-JVM run name. */
    private static int workers(String output) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)(\\d+) workers|workers\\W{1,3}(\\d+)")
                .matcher(output);
        if (!m.find()) {
            throw new AssertionError("no worker count in:\n" + output);
        }
        return Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
    }

    /**
     * The same project run by {@code mvn exec:java} without the plugin's rewriting (javac's classes, the runtime on the
     * class path): the right answer, sequentially, and one line that says the classes were not rewritten.
     */
    @Test
    void mvnExecJavaOfClassesThatWereNotRewrittenSaysSoOnce() throws Exception {
        Path project = prepare("plain-java-sample");
        Run run = maven(project, "-q", "compile", "exec:java", "-Dexec.args=fib 20");
        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("fib(20) = 6765"), run.output());
        List<String> notices = run.output().lines().filter(l -> l.contains("was not rewritten"))
                .map(l -> l.replaceAll("\\e\\[[0-9;]*m", "")).toList(); // without Maven's colour codes
        assertEquals(List.of("satin: sample.Probe calls sync() but was not rewritten, so its spawnable calls run one"
                + " after another on one thread: add the rewrite goal of io.satin:satin-maven-plugin to the build, or"
                + " run 'satin compile' on its classes (set satin.bootstrap=off to silence this)"), notices,
                run.output());
    }

    /**
     * Mistakes a newcomer makes, in one build: a spawn result used in an expression and a read no sync() can precede
     * are errors; a read a sync() may precede, an interface that does not extend Spawnable and a forgotten
     * 'implements' are warnings that say why.
     */
    @Test
    void misuseFailsTheBuildWithTheMessagesAndWarns() throws Exception {
        Path project = prepare("misuse-sample");
        Run build = maven(project, "process-classes");
        assertNotEquals(0, build.exitCode(), build.output());
        String out = build.output();
        // issue 29 item 20: Maven's level once, and a source path a terminal or an IDE opens
        assertTrue(out.contains("[ERROR] sample.AdderImpl.misuse (src/main/java/sample/AdderImpl.java:14): result of "
                + "spawnable call"), out);
        assertTrue(!out.contains("] ERROR ") && !out.contains("] WARNING "), out);
        assertTrue(out.contains("[WARNING] sample.AdderImpl.misuse (src/main/java/sample/AdderImpl.java:13): reads local variable"
                + " 'early'"), out);
        assertTrue(out.contains("[ERROR] sample.AdderImpl.forgotSync (src/main/java/sample/AdderImpl.java:22): reads local variable"
                + " 'half', the result of spawnable call AdderImpl.add on line 20 before any sync() can have run since"
                + " the spawn"), out);
        assertTrue(out.contains("[WARNING] sample.CounterImpl.count (src/main/java/sample/CounterImpl.java:8): calls sync() but"
                + " spawns nothing, so it runs sequentially: CounterImpl.count, called before sync(), is not a"
                + " spawnable method because it is declared in interface sample.Counter, which does not extend"
                + " satin.Spawnable"), out);
        assertTrue(out.contains("[WARNING] sample.Forgetful.add (src/main/java/sample/Forgetful.java:9): calls sync() but spawns"
                + " nothing, so it runs sequentially: Forgetful.add, called before sync(), is not a spawnable method"
                + " because no interface of Forgetful that extends satin.Spawnable declares add(int, int)"), out);
        assertTrue(out.contains("Satin rewriter found 3 error(s)"), out);
        assertTrue(out.contains("BUILD FAILURE"), out);
    }
}
