package satin.rewriter.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.testing.FibProgram;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Samples;

/** The packaged rewriter jar works as {@code -javaagent:} (runs after 'package'). */
class AgentJarIT {

    @BeforeAll
    static void needsThePackagedJars() {
        assumeTrue(System.getProperty("agent.jar") != null, "runs in the integration-test phase, after 'package'");
    }

    @Test
    void packagedJarIsAnAgentThatRewritesFib(@TempDir Path temp) throws Exception {
        Path jar = Path.of(System.getProperty("agent.jar"));
        try (JarFile file = new JarFile(jar.toFile())) {
            assertEquals(SatinAgent.class.getName(), file.getManifest().getMainAttributes().getValue("Premain-Class"));
        }
        SatinAgentTest.runFibWithAgent(jar, temp);
    }

    @Test
    void selfContainedAgentJarNeedsNoAsmOnTheClassPath(@TempDir Path temp) throws Exception {
        Path jar = Path.of(System.getProperty("shaded.agent.jar"));
        Path classes = temp.resolve("classes");
        FibProgram.copyTo(classes);
        Samples.copy("satin/rewriter/agent/AgentProbe.class", classes);
        // an application class path: no ASM, and not the rewriter's own (unrelocated) classes
        Path rewriterClasses = Path.of(SatinAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> cp = new ArrayList<>(List.of(classes));
        for (Path entry : Samples.classPathWithoutSamples()) {
            if (!entry.toString().contains("asm") && !entry.equals(rewriterClasses.toAbsolutePath())) {
                cp.add(entry);
            }
        }
        JavaProcess.Result run = JavaProcess.run(cp, List.of("-javaagent:" + jar), AgentProbe.class.getName());
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals(FibProgram.EXPECTED_OUTPUT + "record Fib$SatinRecord0 extends satin.contract.InvocationRecord\n",
                run.out(), run::toString);
        assertEquals("", run.err(), run::toString);
    }
}
