package satin.rewriter.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/** Rewrites spawnable calls and sync() in the project's test classes ({@code target/test-classes}). */
@Mojo(name = "rewrite-tests", defaultPhase = LifecyclePhase.PROCESS_TEST_CLASSES,
        requiresDependencyResolution = ResolutionScope.TEST, threadSafe = true)
public class RewriteTestsMojo extends AbstractRewriteMojo {

    @Parameter(defaultValue = "${project.build.testOutputDirectory}", required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true, required = true)
    private List<String> classPathElements;

    @Parameter(defaultValue = "${project.testCompileSourceRoots}", readonly = true, required = true)
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
