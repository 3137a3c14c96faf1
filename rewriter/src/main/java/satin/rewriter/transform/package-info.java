/**
 * The rewriting itself: {@link satin.rewriter.transform.MethodTransformer} turns a method into the shape
 * documented on {@code satin.contract.Spawns} (the slow copy) behind a fast copy of the original code
 * ({@code FastCopy}); where the state at every spawn can be typed ({@code StateTypes}), both move into a synthetic slow
 * method of the class and the method itself keeps only a fast copy that leaves to it ({@code SlowMethod}), in which
 * arrays of spawn results that are only summed become accumulators ({@code DeferredArrays});
 * {@link satin.rewriter.transform.RecordClassGenerator} generates one invocation-record class per distinct spawn
 * shape; {@link satin.rewriter.transform.Marks} adds the {@code @Rewritten} mark, with the output format, that makes
 * rewriting idempotent, and {@link satin.rewriter.transform.OriginalClassFile} keeps the class file a rewritten class
 * was made from, so that a rewriter of another format can rewrite it again.
 */
package satin.rewriter.transform;
