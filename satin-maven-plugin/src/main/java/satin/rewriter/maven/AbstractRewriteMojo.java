package satin.rewriter.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import satin.rewriter.batch.ClassTreeRewriter;
import satin.rewriter.batch.RewriteReport;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.diagnostic.SourcePaths;

/** Rewrites one output directory in place; errors fail the build, warnings become Maven warnings. */
abstract class AbstractRewriteMojo extends AbstractMojo {

    /** Skips the rewriting (the classes stay a plain sequential program). */
    @Parameter(property = "satin.skip", defaultValue = "false")
    private boolean skip;

    /** Fails the build when the rewriter warns (a spawn result read where it may be undefined), as -Werror does. */
    @Parameter(property = "satin.failOnWarning", defaultValue = "false")
    private boolean failOnWarning;

    /** Makes a {@code return} with a value inside an inlet an error (by default a warning: the value is discarded). */
    @Parameter(property = "satin.strictInlets", defaultValue = "false")
    private boolean strictInlets;

    /**
     * Makes counted loops of spawns ({@code for (i = a; i < n; i++) c[i] = t.m(args); sync();}) splittable between
     * workers (lazy loop splitting; the runtime splits them with {@code satin.loop-splitting=on}).
     */
    @Parameter(property = "satin.splitLoops", defaultValue = "false")
    private boolean splitLoops;

    /** The classes to rewrite. */
    abstract File classesDirectory();

    /** The class path the classes were compiled against (it includes the classes directory itself). */
    abstract List<String> classPathElements();

    /** The source roots the classes were compiled from, where a finding's source file is looked up. */
    abstract List<String> sourceRoots();

    /** A finding as Maven prints it after its own level: its source as a path a terminal or an IDE opens. */
    private String describe(Diagnostic d) {
        List<Path> roots = sourceRoots() == null ? List.of() : sourceRoots().stream().map(Path::of).toList();
        return SourcePaths.locate(d, roots, Path.of("")).describe();
    }

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Satin rewriting skipped");
            return;
        }
        File classes = classesDirectory();
        if (!classes.isDirectory()) {
            getLog().info("No classes to rewrite in " + classes);
            return;
        }
        List<Path> classPath = new ArrayList<>();
        for (String element : classPathElements()) {
            Path p = Path.of(element);
            if (!p.toFile().getAbsoluteFile().equals(classes.getAbsoluteFile())) {
                classPath.add(p);
            }
        }
        RewriteReport report;
        try {
            report = new ClassTreeRewriter(strictInlets, splitLoops).rewrite(List.of(classes.toPath()), classPath);
        } catch (IOException | RuntimeException e) {
            throw new MojoExecutionException("Satin rewriting of " + classes + " failed: " + e.getMessage(), e);
        }
        for (Diagnostic d : report.warnings()) {
            getLog().warn(describe(d));
        }
        for (Diagnostic d : report.errors()) {
            getLog().error(describe(d));
        }
        if (report.failed()) {
            StringBuilder message = new StringBuilder("Satin rewriter found ").append(report.errors().size())
                    .append(" error(s) in ").append(classes).append(':');
            report.errors().forEach(d -> message.append(System.lineSeparator()).append("  ").append(describe(d)));
            throw new MojoFailureException(message.toString());
        }
        if (failOnWarning && !report.warnings().isEmpty()) {
            throw new MojoFailureException("Satin rewriter found " + report.warnings().size() + " warning(s) in "
                    + classes + " and failOnWarning is set");
        }
        getLog().info("Satin: " + report.summary());
    }
}
