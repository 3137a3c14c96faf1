/**
 * {@code satin compile}: rewrites class directories and jars in place with the batch rewriter, finding the Satin
 * API on this tool's own class path when the user's class path lacks it.
 */
package satin.cli.compile;
