package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help of every command reads as sentences with real labels (issue 29 item 19): a command list shows the first
 * paragraph of each description, so that paragraph is a whole sentence, and no paragraph is a hard-wrapped line cut
 * mid-sentence; an option's value has a label that says what to give ({@code ADDRESS}, {@code PORT}), never picocli's
 * {@code <fieldName>}.
 */
class HelpModelTest {

    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        collect(SatinCommand.commandLine(), all);
        return all;
    }

    private static void collect(CommandLine line, List<CommandSpec> all) {
        if (line.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) {
            return; // picocli's own
        }
        all.add(line.getCommandSpec());
        line.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, all));
    }

    @Test
    void everyDescriptionParagraphIsWholeSentences() {
        List<String> cut = new ArrayList<>();
        for (CommandSpec c : commands()) {
            for (String paragraph : c.usageMessage().description()) {
                String p = paragraph.strip();
                if (!p.endsWith(".")) {
                    cut.add(c.qualifiedName() + ": ..." + p.substring(Math.max(0, p.length() - 60)));
                }
            }
        }
        assertEquals(List.of(), cut, "description paragraphs that end mid-sentence");
    }

    @Test
    void everyOptionValueHasALabelNotAFieldName() {
        List<String> unlabelled = new ArrayList<>();
        for (CommandSpec c : commands()) {
            for (OptionSpec o : c.options()) {
                if (o.arity().max() > 0 && o.paramLabel().startsWith("<")) {
                    unlabelled.add(c.qualifiedName() + " " + o.longestName() + " " + o.paramLabel());
                }
            }
        }
        assertEquals(List.of(), unlabelled);
    }

    @Test
    void workersSaysWhatANodesRunGets() {
        CommandSpec run = SatinCommand.commandLine().getSubcommands().get("run").getCommandSpec();
        String workers = String.join(" ", run.findOption("--workers").description());
        assertTrue(workers.contains("with --nodes N on this machine, the available processors divided among the N "
                + "node JVMs"), workers);
        assertTrue(!workers.contains("${DEFAULT-VALUE}") && !workers.matches(".*default: \\d+.*"),
                "not this machine's processor count as if it were every run's: " + workers);
    }
}
