package satin.rewriter.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The packaged rewriter jar works as {@code -javaagent:} (runs after 'package'). */
class AgentJarIT {

    @Test
    void packagedJarIsAnAgentThatRewritesFib(@TempDir Path temp) throws Exception {
        Path jar = Path.of(System.getProperty("agent.jar"));
        try (JarFile file = new JarFile(jar.toFile())) {
            assertEquals(SatinAgent.class.getName(), file.getManifest().getMainAttributes().getValue("Premain-Class"));
        }
        SatinAgentTest.runFibWithAgent(jar, temp);
    }
}
