package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code satin --version} names the commit the build came from (issue 29 item 21). */
class SatinVersionTest {

    /** What git says of this checkout, or null without git or outside a checkout. */
    private static String head() throws Exception {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").redirectErrorStream(true)
                    .start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : null;
        } catch (java.io.IOException noGit) {
            return null;
        }
    }

    @Test
    void versionNamesTheCommitOfTheBuild() throws Exception {
        StringWriter out = new StringWriter();
        int exit = SatinCommand.commandLine().setOut(new PrintWriter(out, true)).execute("--version");
        assertEquals(0, exit);
        String first = out.toString().lines().findFirst().orElseThrow();
        String head = head();
        if (head == null) {
            assertTrue(first.endsWith(", unknown commit"), first);
        } else {
            // the build that made target/classes ran at this commit (a commit since then would show an older one)
            assertTrue(first.matches("satin .+, commit " + head + "( and uncommitted changes)?"), first);
        }
    }
}
