package satin.cli.compile;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;

/** {@code satin compile}: rewrites class directories and jars in place. */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Rewrites spawnable calls and sync() in compiled classes, in place.",
                "Directories are rewritten file by file; a jar is replaced by a rewritten copy.",
                "Misuse of spawn results is reported as errors (nothing is written) or warnings."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:rewritten (possibly with warnings)", "1:errors in the classes; nothing written",
                "2:bad command line or unreadable input"})
public final class CompileCommand implements Callable<Integer> {

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = {"-cp", "--classpath", "--class-path"}, paramLabel = "PATH",
            description = "Class path (directories and jars, separated by '${sys:path.separator}') holding the"
                    + " libraries the classes use; the Satin API of this tool is added at its end.")
    private String classPath;

    @Option(names = "--strict-inlets", description = "Make a 'return' with a value inside an inlet (a catch block"
            + " around a spawn) an error; by default it is a warning: the value is discarded, as in the original Satin.")
    private boolean strictInlets;

    @Option(names = "--split-loops", description = "Make counted loops of spawns ('for (i = a; i < n; i++) c[i] ="
            + " t.m(args); sync();') splittable between workers (lazy loop splitting; the runtime splits them with"
            + " satin.loop-splitting=on).")
    private boolean splitLoops;

    @Parameters(arity = "1..*", paramLabel = "<classes-dir|jar>", description = "What to rewrite.")
    private List<Path> targets = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> entries = new ArrayList<>();
        if (classPath != null) {
            for (String entry : classPath.split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    entries.add(Path.of(entry));
                }
            }
        }
        // The Satin API from this tool's own class path comes last: the user's class path wins.
        SatinApiLocation.of(CompileCommand.class.getClassLoader()).ifPresent(entries::add);
        RewriteReport report;
        try {
            report = new ClassTreeRewriter(strictInlets, splitLoops).rewrite(targets, entries);
        } catch (IOException | java.io.UncheckedIOException e) {
            err.println("satin compile: " + e.getMessage());
            err.flush();
            return 2;
        }
        for (Diagnostic d : report.diagnostics()) {
            err.println(d.format());
        }
        out.println("satin compile: " + report.summary());
        if (report.failed()) {
            err.println("satin compile: errors found; no class was written");
        }
        out.flush();
        err.flush();
        return report.failed() ? 1 : 0;
    }
}
