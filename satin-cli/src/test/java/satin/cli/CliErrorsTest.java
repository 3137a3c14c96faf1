package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Mistakes a user makes on the command line (issue 29, items 5-8, 14, 15): each is one line naming the cause, exit
 * status 2, checked before anything runs. In-process through {@link SatinCommand#commandLine()}, as {@code satin}.
 */
@Timeout(60)
class CliErrorsTest {

    record Outcome(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    static Outcome satin(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SatinCommand.commandLine();
        cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    @AfterEach
    void forgetTheLogLevel() {
        System.clearProperty(LogSetup.LEVEL_PROPERTY); // --verbose/--debug set it for this JVM's node JVMs
    }

    private static void assertOneLineError(Outcome o, String... causes) {
        assertEquals(2, o.exit(), o.err());
        assertEquals(1, o.errLines().size(), o.err());
        assertTrue(o.err().startsWith("error: "), o.err());
        for (String cause : causes) {
            assertTrue(o.err().contains(cause), "'" + cause + "' in: " + o.err());
        }
        assertEquals("", o.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--lst fib 10", "--workers two fib 10", "--nodes 2.5 fib 10", "--stats=maybe fib 5",
            "--nodes"})
    void aUsageErrorIsOneLineThatPointsAtTheHelp(String line) {
        Outcome o = satin(("run " + line).split(" "));
        assertOneLineError(o, line.split(" ")[0].split("=")[0], "try 'satin run --help'");
    }

    @Test
    void anUnknownCommandIsOneLine() {
        assertOneLineError(satin("rnu", "fib"), "'rnu'", "try 'satin --help'");
    }

    @Test
    void debugAddsTheStackTraceOfAUsageError() {
        Outcome o = satin("run", "--debug", "--lst", "fib");
        assertEquals(2, o.exit());
        assertTrue(o.errLines().size() > 3, o.err());
        assertTrue(o.err().contains("\tat picocli."), o.err());
    }

    @Test
    void verboseAndDebugAreOptionsOfEveryCommand() {
        CommandLine cl = SatinCommand.commandLine();
        List<String> missing = new ArrayList<>();
        collectMissing(cl, missing);
        assertEquals(List.of(), missing);
    }

    private static void collectMissing(CommandLine cl, List<String> missing) {
        for (String option : List.of("--verbose", "--debug")) {
            if (cl.getCommandSpec().findOption(option) == null) {
                missing.add(cl.getCommandSpec().qualifiedName() + " " + option);
            }
        }
        cl.getSubcommands().values().forEach(sub -> collectMissing(sub, missing));
    }

    @Test
    void appsAndRunListPrintEachBundledAppOnOneLine() {
        Outcome apps = satin("apps");
        Outcome list = satin("run", "--list");
        assertEquals(0, apps.exit(), apps.err());
        assertEquals(0, list.exit(), list.err());
        assertEquals(apps.out(), list.out());
        List<String> lines = apps.out().lines().toList();
        for (String app : List.of("fib", "nqueens", "mergesort", "uts", "virtual")) {
            assertEquals(1, lines.stream().filter(l -> l.startsWith(app + " ")).count(), app + " in:\n" + apps.out());
        }
        assertTrue(lines.stream().allMatch(l -> l.matches("\\w+ +\\S.*")), apps.out());
        assertEquals(satin.cli.run.AppCatalogAccess.names().size(), lines.size(), apps.out());
    }

    @Test
    void everyNodeOnlyOptionIsAnOptionOfRun() {
        CommandLine.Model.CommandSpec run = SatinCommand.commandLine().getSubcommands().get("run").getCommandSpec();
        for (String option : satin.cli.run.AppCatalogAccess.nodeOnlyOptions()) {
            assertTrue(run.findOption(option) != null, option);
        }
    }

    @Test
    void nodeOnlyOptionsWithoutNodesAreRefusedWithAHint() {
        CommandLine.Model.CommandSpec run = SatinCommand.commandLine().getSubcommands().get("run").getCommandSpec();
        for (String option : satin.cli.run.AppCatalogAccess.nodeOnlyOptions()) {
            List<String> args = new ArrayList<>(List.of("run", option));
            CommandLine.Model.OptionSpec spec = run.findOption(option);
            if (spec.arity().max() > 0) {
                Class<?> type = spec.type();
                args.add(type == int.class || type == Integer.class || type == long.class || type == Long.class
                        || type == Double.class || type == double.class ? "2" : "x");
            }
            args.addAll(List.of("fib", "5"));
            Outcome o = satin(args.toArray(String[]::new));
            assertOneLineError(o, option + " needs --");
        }
        assertOneLineError(satin("run", "--clusters", "2", "fib", "5"), "e.g. 'satin run --nodes 4 --clusters 2");
    }

    @Test
    void anOutputFileThatCannotBeWrittenIsRefusedBeforeTheRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("not-a-dir");
        Files.writeString(file, "x");
        assertOneLineError(satin("run", "--nodes", "2", "--stats-json", dir.resolve("missing/s.json").toString(),
                "fib", "5"), "--stats-json", "does not exist");
        assertOneLineError(satin("run", "--nodes", "2", "--stats-json", file.resolve("s.json").toString(), "fib",
                "5"), "is not a directory");
        assertOneLineError(satin("run", "--trace", dir.toString(), "fib", "5"), "--trace", "it is a directory");
        assertOneLineError(satin("run", "--record-trace", dir.resolve("missing/t").toString(), "fib", "5"),
                "--record-trace", "does not exist");
    }

    @Test
    void aBadWanPresetIsCaughtByTheLauncher() {
        assertOneLineError(satin("run", "--nodes", "2", "--clusters", "2", "--wan", "table2.1-20ms", "fib", "5"),
                "--wan", "'table2.1-20ms'", "table2.1-20ms-1000KBs");
    }

    @Test
    void aServerPortOutOfRangeOrInUseIsOneLine() throws Exception {
        assertOneLineError(satin("server", "--insecure", "--port", "99999"), "--port", "99999");
        try (ServerSocket taken = new ServerSocket(0)) {
            Outcome o = satin("server", "--insecure", "--bind", "0.0.0.0", "--port",
                    String.valueOf(taken.getLocalPort()));
            assertOneLineError(o, "cannot listen on 0.0.0.0:" + taken.getLocalPort());
            assertFalse(o.err().contains("\tat "), o.err());
        }
    }
}
