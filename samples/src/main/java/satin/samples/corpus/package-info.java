/**
 * Programs in the style of the original Satin's users, one per cause of issue 28 that this package covers, each run
 * by {@code OriginalCorpusTest} unrewritten, on one JVM and on two JVMs in two clusters over tcp and udp (the
 * unnamed package's {@code GameSearch} belongs with them; {@code OriginalCorpus} runs them all in one JVM start).
 */
package satin.samples.corpus;
