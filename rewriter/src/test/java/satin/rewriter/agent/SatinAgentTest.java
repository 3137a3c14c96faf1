package satin.rewriter.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.testing.FibProgram;
import satin.rewriter.testing.JavaProcess;
import satin.rewriter.testing.Jars;
import satin.rewriter.testing.Samples;

/**
 * Runs unrewritten samples in a fresh JVM with {@code -javaagent:} on a jar of the rewriter's classes (the
 * same manifest entry as the packaged jar; ASM comes from the class path).
 */
class SatinAgentTest {

    static Path agentJar(Path temp) throws Exception {
        Path classes = Path.of(SatinAgent.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", SatinAgent.class.getName());
        return Jars.jar(classes, temp.resolve("satin-agent.jar"), manifest);
    }

    @Test
    void fibRewrittenAtLoadTimePrintsTheRightResultAndDefinesItsRecord(@TempDir Path temp) throws Exception {
        runFibWithAgent(agentJar(temp), temp);
    }

    /** Runs Fig. 2.1 unrewritten under the agent; it must print the right result and have its record defined. */
    static void runFibWithAgent(Path agent, Path temp) throws Exception {
        Path classes = temp.resolve("classes");
        FibProgram.copyTo(classes);
        Samples.copy("satin/rewriter/agent/AgentProbe.class", classes);
        List<Path> cp = new ArrayList<>(List.of(classes));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result run = JavaProcess.run(cp, List.of("-javaagent:" + agent), AgentProbe.class.getName());
        assertEquals(0, run.exitCode(), run::toString);
        assertEquals(FibProgram.EXPECTED_OUTPUT + "record Fib$SatinRecord0 extends satin.contract.InvocationRecord\n",
                run.out(), run::toString);
        assertEquals("", run.err(), run::toString);
    }

    @Test
    void misuseIsReportedOnStandardErrorAndTheClassStillRuns(@TempDir Path temp) throws Exception {
        Path agent = agentJar(temp);
        Path classes = temp.resolve("classes");
        Samples.copy("satin/rewriter/samples/warn", classes);
        List<Path> cp = new ArrayList<>(List.of(classes));
        cp.addAll(Samples.classPathWithoutSamples());
        JavaProcess.Result run = JavaProcess.run(cp, List.of("-javaagent:" + agent), "satin.rewriter.samples.warn.Early");
        assertEquals("early=11\n", run.out(), run::toString);
        assertTrue(run.err().contains("satin-agent: WARNING satin.rewriter.samples.warn.Early.early (Early.java:"),
                run::toString);
    }
}
