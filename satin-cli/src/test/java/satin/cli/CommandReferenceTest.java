package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** docs/commands.md is the commands' {@code --help}, generated from the picocli model, and never drifts from it. */
class CommandReferenceTest {

    private static final Path REFERENCE = Path.of("..", "docs", "commands.md");

    @Test
    void theReferenceInDocsIsTheGeneratedOne() throws Exception {
        String generated = CommandReference.markdown(SatinCommand.commandLine());
        assertTrue(Files.isRegularFile(REFERENCE), "missing " + REFERENCE.toAbsolutePath());
        assertEquals(generated, Files.readString(REFERENCE), "docs/commands.md differs from the commands' --help: "
                + "regenerate it with 'java -jar satin-cli/target/satin.jar command-reference > docs/commands.md'");
    }

    @Test
    void eachSectionIsWhatHelpPrints() {
        String reference = CommandReference.markdown(SatinCommand.commandLine());
        for (String[] command : new String[][] {{"run"}, {"server"}, {"bench", "uts"}, {"apps"}}) {
            StringWriter out = new StringWriter();
            CommandLine cl = SatinCommand.commandLine();
            CommandLine sub = cl;
            for (String name : command) {
                sub = sub.getSubcommands().get(name);
            }
            sub.setUsageHelpWidth(CommandReference.WIDTH);
            String[] args = new String[command.length + 1];
            System.arraycopy(command, 0, args, 0, command.length);
            args[command.length] = "--help";
            cl.setOut(new PrintWriter(out, true));
            assertEquals(0, cl.execute(args));
            String help = out.toString().lines().map(String::stripTrailing).reduce((a, b) -> a + "\n" + b)
                    .orElseThrow();
            assertTrue(reference.contains("\n```\n" + help + "\n```\n"), String.join(" ", command) + ":\n" + help);
        }
    }

    @Test
    void theReferenceDoesNotDependOnTheMachine() {
        String reference = CommandReference.markdown(SatinCommand.commandLine());
        String processors = "available processors, " + Runtime.getRuntime().availableProcessors();
        assertTrue(!reference.contains(processors), "a default that is this machine's processor count");
        assertTrue(!reference.contains(System.getProperty("user.dir")), "this machine's working directory");
    }
}
