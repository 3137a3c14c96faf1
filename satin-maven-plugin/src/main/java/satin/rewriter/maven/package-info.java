/**
 * The Maven goals {@code rewrite} (target/classes, phase process-classes) and {@code rewrite-tests}
 * (target/test-classes, phase process-test-classes): the batch rewriter with the project's class path; errors fail
 * the build, warnings become Maven warnings.
 */
package satin.rewriter.maven;
