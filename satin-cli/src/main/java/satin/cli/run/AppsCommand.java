package satin.cli.run;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code satin apps}: the bundled apps that {@code satin run NAME} starts, one line each (as {@code run --list}). */
@Command(name = "apps", mixinStandardHelpOptions = true,
        description = "List the bundled apps that 'satin run NAME [args]' starts, one line each (as 'satin run "
                + "--list').")
public final class AppsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return list(spec.commandLine().getOut(), AppsCommand.class.getClassLoader());
    }

    /** Prints the apps {@code loader} sees; 0. */
    static int list(PrintWriter out, ClassLoader loader) {
        AppCatalog.load(loader).lines().forEach(out::println);
        out.flush();
        return 0;
    }
}
