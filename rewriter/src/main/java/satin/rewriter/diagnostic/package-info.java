/**
 * Findings about user code: errors (misuse of a spawn result; the build fails) and warnings, each naming class,
 * method, source file and line. {@link satin.rewriter.diagnostic.Findings} collects those of one class.
 */
package satin.rewriter.diagnostic;
