/**
 * Loop forms for lazy loop splitting: {@link satin.rewriter.samples.loops.Loops} holds the counted loops the rewriter
 * must make splittable (names starting with {@code split}) and the ones it must leave as they are ({@code keep}).
 */
package satin.rewriter.samples.loops;
