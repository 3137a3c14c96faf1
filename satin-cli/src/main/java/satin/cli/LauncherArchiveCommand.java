package satin.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import satin.cli.launch.LauncherArchive;

/**
 * {@code satin launcher-archive} (hidden; the {@code ./satin} script runs it once per built jar): makes the launcher
 * JVM's class-data archive ({@link LauncherArchive}). With {@code --train} it is the training run itself, in the JVM
 * that dumps the archive at its exit: a multi-node run ({@code run --nodes 2 fib 15}: picocli, the embedded registry,
 * starting and relaying node JVMs) and a one-JVM run ({@code run fib 15}: the runtime), so that both kinds of
 * launcher find their classes in it.
 */
@Command(name = "launcher-archive", hidden = true, mixinStandardHelpOptions = true,
        description = "Makes the class-data sharing archive of the launcher JVM beside satin.jar (the ./satin script "
                + "runs this once per build).")
public final class LauncherArchiveCommand implements Callable<Integer> {

    /** The training runs, each as {@code satin ARGS}; both must succeed. */
    static final List<List<String>> TRAINING = List.of(List.of("run", "--nodes", "2", "fib", "15"),
            List.of("run", "fib", "15"));

    @Option(names = "--train", description = "be the training run (in the JVM that dumps the archive)")
    private boolean train;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (train) {
            for (List<String> args : TRAINING) {
                String[] line = args.toArray(String[]::new);
                int status = SatinCommand.commandLine(line).execute(line);
                if (status != 0) {
                    err.println("satin launcher-archive: the training run 'satin " + String.join(" ", args)
                            + "' failed with status " + status);
                    return status;
                }
            }
            return 0;
        }
        Optional<LauncherArchive> archive = LauncherArchive.of(System.getProperty("java.class.path"));
        if (archive.isEmpty()) {
            err.println("satin launcher-archive: the class path is not one jar in a writable directory; no archive");
            return 1;
        }
        if (archive.get().create(System.getProperty("java.home"), 120)) {
            return 0;
        }
        err.println("satin launcher-archive: the training run failed; the launcher runs without its archive until "
                + "the jar changes (" + archive.get().path() + " is empty)");
        return 1;
    }
}
