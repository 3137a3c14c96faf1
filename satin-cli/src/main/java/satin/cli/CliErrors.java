package satin.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the launcher answers mistakes: a usage error (an unknown option, a value of the wrong type, a missing
 * argument) is one line naming the cause and the command's help, exit status 2, instead of picocli's default of
 * the whole usage (two hundred lines for {@code satin run}, in which the one useful line scrolls away). An exception
 * that escapes a command is a bug or an environment problem rather than a usage error: one line naming it, exit
 * status 1, and its stack trace only with {@code --debug}.
 */
final class CliErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {

    private final Verbosity verbosity;

    CliErrors(Verbosity verbosity) {
        this.verbosity = verbosity;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(usageLine(ex));
        if (verbosity.debug()) {
            ex.printStackTrace(err);
        }
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** The one line for a usage error: its cause, a suggestion if picocli has one, and where help is. */
    static String usageLine(ParameterException ex) {
        String message = firstLine(ex.getMessage());
        if (ex instanceof UnmatchedArgumentException unmatched) {
            List<String> suggestions = unmatched.getSuggestions();
            if (!suggestions.isEmpty()) {
                message += " (did you mean " + String.join(" or ", suggestions.subList(0, Math.min(3,
                        suggestions.size()))) + "?)";
            }
        }
        String help = ex.getCommandLine().getCommandSpec().qualifiedName() + " --help";
        return "error: " + message + "; try '" + help + "'";
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        if (verbosity.debug()) {
            err.print("error: ");
            ex.printStackTrace(err);
        } else {
            err.println("error: " + cmd.getCommandSpec().qualifiedName() + " failed: " + firstLine(String.valueOf(ex))
                    + " (--debug shows where)");
        }
        err.flush();
        return cmd.getCommandSpec().exitCodeOnExecutionException();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int nl = text.indexOf('\n');
        String line = (nl < 0 ? text : text.substring(0, nl)).strip();
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }
}
