package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link SatinCommand#commandLine(String...)} builds only the subcommand a command line names (a launcher's start),
 * and a command line run with it behaves as with the full model: same help, same errors.
 */
class LazySubcommandsTest {

    @Test
    void aNamedCommandGetsOnlyItsOwnModel() {
        assertEquals(Set.of("run"), SatinCommand.commandLine("run", "fib", "20").getSubcommands().keySet());
        assertEquals(Set.of("run"), SatinCommand.commandLine("--verbose", "run", "--nodes", "2", "fib", "20")
                .getSubcommands().keySet());
        CommandLine simulate = SatinCommand.commandLine("simulate", "bench");
        assertEquals(Set.of("simulate"), simulate.getSubcommands().keySet());
        assertEquals(SatinCommand.commandLine().getSubcommands().get("simulate").getSubcommands().keySet(),
                simulate.getSubcommands().get("simulate").getSubcommands().keySet(), "a command's own subcommands");
    }

    @Test
    void withoutAKnownCommandEveryCommandIsThere() {
        Set<String> all = SatinCommand.commandLine().getSubcommands().keySet();
        assertEquals(SatinCommand.SUBCOMMANDS.size(), all.size());
        for (String[] args : new String[][] {{}, {"--help"}, {"help", "run"}, {"rnu", "fib"}, {"--version"}}) {
            assertEquals(all, SatinCommand.commandLine(args).getSubcommands().keySet(), String.join(" ", args));
        }
    }

    @Test
    void helpAndErrorsAreThoseOfTheFullModel() {
        for (String[] args : new String[][] {{"run", "--help"}, {"run", "--nodes"}, {"run", "--no-such-option"},
                {"bench", "uts", "--help"}, {"secret"}, {"rnu"}}) {
            assertEquals(execute(SatinCommand.commandLine(), args), execute(SatinCommand.commandLine(args), args),
                    String.join(" ", args));
        }
    }

    private static String execute(CommandLine cl, String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return status + "\n" + out + "\n" + err;
    }
}
