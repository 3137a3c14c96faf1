package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code satin} on a real terminal (a pseudo-terminal made by util-linux {@code script}), where standard output and
 * standard error share one screen: the progress line must never share a line with the program's output (issue 29
 * item 4, seen in the README's main command as {@code ... busy cluster0 97% cluster1 46%fib(40) = 102334155}).
 */
@Timeout(180)
class TerminalIT {

    private static boolean haveScript() {
        return Stream.of(System.getenv("PATH").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "script")));
    }

    @Test
    void theProgressLineIsClearedBeforeTheProgramsOutput() throws Exception {
        assumeTrue(haveScript(), "util-linux script is not installed");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = javaBin + " -jar " + PackagedJar.jar().toAbsolutePath()
                + " run --progress --nodes 2 --clusters 2 --workers 1 fib 34";
        Process p = new ProcessBuilder("script", "-qfec", command, "/dev/null").redirectErrorStream(true).start();
        p.getOutputStream().close();
        String screen = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), screen);
        List<String> lines = satin.cli.run.ProgressLineTestAccess.rendered(screen);
        assertTrue(screen.contains("busy"), "the progress line was drawn:\n" + screen);
        List<String> result = lines.stream().filter(l -> l.contains("fib(34) = 5702887")).toList();
        assertEquals(List.of("fib(34) = 5702887"), result, "the result on a line of its own:\n" + String.join("\n",
                lines));
    }
}
