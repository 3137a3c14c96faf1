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

    @BeforeAll
    static void seedRepository() throws IOException {
        install("satin-parent", BASEDIR.resolve("../pom.xml"), null);
        install("satin-api", BASEDIR.resolve("../satin-api/pom.xml"), BASEDIR.resolve("../satin-api/target"));
        install("satin-balance", BASEDIR.resolve("../satin-balance/pom.xml"),
                BASEDIR.resolve("../satin-balance/target"));
        install("ipl", BASEDIR.resolve("../ipl/pom.xml"), BASEDIR.resolve("../ipl/target"));
        install("satin-runtime", BASEDIR.resolve("../satin-runtime/pom.xml"),
                BASEDIR.resolve("../satin-runtime/target"));
        install("satin-rewriter", BASEDIR.resolve("../rewriter/pom.xml"), BASEDIR.resolve("../rewriter/target"));
        install("satin-maven-plugin", BASEDIR.resolve("pom.xml"), TARGET);
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
                Files.writeString(target, Files.readString(f).replace("@satin.version@", VERSION));
            }
        }
        return project;
    }

    private static Run exec(List<String> command, Path dir) throws IOException, InterruptedException {
        Path log = Files.createTempFile(TARGET, "it", ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("timed out: " + command + "\n" + Files.readString(log));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Run(p.exitValue(), output);
    }

    private static Run maven(Path project, String phase) throws IOException, InterruptedException {
        String mavenHome = System.getProperty("maven.home");
        String mvn = mavenHome == null || mavenHome.isBlank() ? "mvn" : Path.of(mavenHome, "bin", "mvn").toString();
        return exec(List.of(mvn, "-B", "-ntp", "-s", TARGET.resolve("it-settings.xml").toString(),
                "-Dmaven.repo.local=" + REPO, phase), project);
    }

    @Test
    void fibSampleIsRewrittenByThePluginAndPrintsTheRightResult() throws Exception {
        Path project = prepare("fib-sample");
        // Fig. 2.1 exactly as the rewriter's own tests use it
        Path fib = project.resolve("src/main/java/Fib.java");
        Files.createDirectories(fib.getParent());
        Files.copy(BASEDIR.resolve("../rewriter/src/test/java/Fib.java"), fib);
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
        assertEquals("Fib 10 = 55\n", run.output());
        Run check = exec(List.of(java, "-cp", cp, "FibCheck"), project);
        assertEquals("fib(12) = 144\n", check.output());
    }

    @Test
    void misuseFailsTheBuildWithTheMessagesAndWarns() throws Exception {
        Path project = prepare("misuse-sample");
        Run build = maven(project, "process-classes");
        assertNotEquals(0, build.exitCode(), build.output());
        String out = build.output();
        assertTrue(out.contains("[ERROR] ERROR sample.AdderImpl.misuse (AdderImpl.java:11): result of spawnable call"),
                out);
        assertTrue(out.contains("[WARNING] WARNING sample.AdderImpl.misuse (AdderImpl.java:10): reads local variable"
                + " 'early'"), out);
        assertTrue(out.contains("Satin rewriter found 1 error(s)"), out);
        assertTrue(out.contains("BUILD FAILURE"), out);
    }
}
