package satin.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code satin command-reference} (hidden): prints docs/commands.md, the command reference, from the picocli model
 * itself, every command's {@code --help} as it prints it, so that the reference cannot drift from the help
 * (CommandReferenceTest fails when the file differs; regenerate with
 * {@code java -jar satin-cli/target/satin.jar command-reference > docs/commands.md}).
 */
@Command(name = "command-reference", hidden = true, mixinStandardHelpOptions = true,
        description = "Print the command reference (docs/commands.md) generated from every command's --help.")
public final class CommandReference implements Callable<Integer> {

    /** The width the reference's help texts are laid out in, whatever the terminal. */
    static final int WIDTH = 100;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(markdown(SatinCommand.commandLine()));
        out.flush();
        return 0;
    }

    /** The reference of {@code root} and every visible command below it, in the order of {@code satin --help}. */
    static String markdown(CommandLine root) {
        List<CommandLine> commands = new ArrayList<>();
        collect(root, commands);
        StringBuilder md = new StringBuilder();
        md.append("# Command reference\n\n")
                .append("Generated from the commands' own `--help` by `satin command-reference` (do not edit: "
                        + "`java -jar satin-cli/target/satin.jar command-reference > docs/commands.md`; a test "
                        + "fails when this file differs from the help). Every command also takes `--verbose` and "
                        + "`--debug`. Errors and their fixes: [cli-errors.md](cli-errors.md).\n\n");
        for (CommandLine c : commands) {
            String name = c.getCommandSpec().qualifiedName();
            md.append("- [").append(name).append("](#").append(name.replace(' ', '-')).append(")\n");
        }
        for (CommandLine c : commands) {
            md.append("\n## ").append(c.getCommandSpec().qualifiedName()).append("\n\n```\n")
                    .append(help(c).stripTrailing()).append("\n```\n");
        }
        return md.toString();
    }

    /** What {@code --help} prints for {@code command}, at the reference's width, without colours. */
    static String help(CommandLine command) {
        command.setUsageHelpWidth(WIDTH).setUsageHelpAutoWidth(false);
        String text = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
        return text.lines().map(String::stripTrailing).reduce((a, b) -> a + "\n" + b).orElse("");
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        if (command.getCommandSpec().usageMessage().hidden()) {
            return;
        }
        into.add(command);
        for (CommandLine sub : command.getSubcommands().values()) {
            if (!into.contains(sub) && !sub.getCommandName().equals("help")) {
                collect(sub, into);
            }
        }
    }
}
