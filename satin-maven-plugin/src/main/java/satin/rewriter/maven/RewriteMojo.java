package satin.rewriter.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** Rewrites spawnable calls and sync() in the project's main classes ({@code target/classes}). */
@Mojo(name = "rewrite", defaultPhase = LifecyclePhase.PROCESS_CLASSES,
        requiresDependencyResolution = ResolutionScope.COMPILE, threadSafe = true)
public class RewriteMojo extends AbstractRewriteMojo {

    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classPathElements;

    @Parameter(defaultValue = "${project.compileSourceRoots}", readonly = true, required = true)
    private List<String> sourceRoots;

    @Override
    List<String> sourceRoots() {
        return sourceRoots;
    }

    @Override
    File classesDirectory() {
        return classesDirectory;
    }

    @Override
    List<String> classPathElements() {
        return classPathElements;
    }
}
