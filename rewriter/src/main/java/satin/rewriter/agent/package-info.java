/**
 * The Java agent ({@code -javaagent}): rewrites every class an application class loader defines, with the
 * hierarchy read from that loader's resources, and defines the generated record classes in the same loader.
 * Diagnostics go to standard error; a class with errors loads unchanged and runs sequentially.
 */
package satin.rewriter.agent;
