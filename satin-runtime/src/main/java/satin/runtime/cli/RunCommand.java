package satin.runtime.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.StatisticsTable;

/**
 * {@code satin run}: runs a program's {@code main} on the workers of a runtime in this JVM and returns its
 * exit status (0: main returned; 1: main threw; 2: bad command line, class or app). Options end at the
 * main class or app name: everything after it goes to the program.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Runs a Satin program's main on the worker threads of this JVM.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:main returned", "1:main threw an exception", "2:bad command line, class or app"})
public final class RunCommand implements Callable<Integer> {

    @Option(names = "--workers", paramLabel = "N",
            description = "worker threads (default: available processors, ${DEFAULT-VALUE})")
    int workers = Runtime.getRuntime().availableProcessors();

    @Option(names = "--stats", description = "print per-worker and total statistics when main returns")
    boolean stats;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH",
            description = "where to load the program from (directories and jars, separated by the path separator)")
    String classpath;

    @Option(names = "--inline-threshold", paramLabel = "K",
            description = "run a spawn inline when its worker already holds K queued jobs (default: ${DEFAULT-VALUE})")
    int inlineThreshold = RuntimeConfig.DEFAULT_INLINE_THRESHOLD;

    @Parameters(index = "0", paramLabel = "<main-class|app>",
            description = "fully qualified main class, or the name of a bundled app (e.g. fib)")
    String target;

    @Parameters(index = "1..*", paramLabel = "args", description = "arguments of the program's main")
    List<String> args = new ArrayList<>();

    private CommandSpec spec;

    /** Options end at the first positional parameter: the program's own options are passed through. */
    @Spec
    void spec(CommandSpec commandSpec) {
        this.spec = commandSpec;
        commandSpec.parser().stopAtPositional(true);
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (workers < 1) {
            err.println("error: --workers must be at least 1, got " + workers);
            return 2;
        }
        if (inlineThreshold < 0) {
            err.println("error: --inline-threshold must be at least 0, got " + inlineThreshold);
            return 2;
        }
        Class<?> mainClass;
        try {
            mainClass = resolve(ClassPaths.loader(classpath, RunCommand.class.getClassLoader()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        RuntimeConfig config = RuntimeConfig.defaults().withWorkers(workers).withInlineThreshold(inlineThreshold);
        SatinRuntime runtime = SatinRuntime.start(config);
        int status = 0;
        long start = System.nanoTime();
        try {
            runtime.runMain(mainClass, args.toArray(String[]::new));
        } catch (NoSuchMethodException e) {
            err.println("error: " + e.getMessage());
            status = 2;
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            err.println("error: " + mainClass.getName() + ".main threw " + t);
            err.print(trace);
            status = 1;
        } finally {
            runtime.close();
        }
        long mainMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.flush();
        if (stats) {
            PrintWriter out = spec.commandLine().getOut();
            out.printf("satin statistics (%d workers, main ran %d ms):%n", workers, mainMillis);
            out.print(StatisticsTable.format(runtime.statistics()));
            out.flush();
        }
        err.flush();
        return status;
    }

    private Class<?> resolve(ClassLoader loader) {
        AppCatalog catalog = AppCatalog.load(loader);
        String className = catalog.mainClassOf(target);
        if (className == null) {
            className = target;
        }
        try {
            return Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            String known = catalog.apps().isEmpty() ? "none" : String.join(", ", catalog.apps().keySet());
            String what = catalog.mainClassOf(target) != null
                    ? "app '" + target + "' names class " + className + ", which cannot be loaded (" + e + ")"
                    : "unknown app or class '" + target + "'" + (classpath == null ? " (no -cp given)" : " on class path "
                    + classpath);
            throw new IllegalArgumentException(what + "; known apps: " + known);
        }
    }
}
