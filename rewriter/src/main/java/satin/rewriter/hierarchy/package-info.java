/**
 * The type hierarchy the rewriter needs (which interfaces extend {@code satin.Spawnable}, which classes extend
 * {@code satin.SatinObject}, common superclasses for stack-map frames), read from class files of a class path,
 * the JDK's included, without loading any class.
 */
package satin.rewriter.hierarchy;
