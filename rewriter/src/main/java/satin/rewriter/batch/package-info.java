/**
 * Rewriting directories and jars in place, all or nothing: every class is rewritten in memory first, and only
 * when no class has an error are the files written (a jar is replaced by a rewritten copy). Used by the Maven
 * plugin and by {@code satin compile}; {@link satin.rewriter.batch.RewriteReport} is what they print.
 */
package satin.rewriter.batch;
