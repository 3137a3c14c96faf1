/**
 * The rewriting itself: {@link satin.rewriter.transform.MethodTransformer} turns a method into the shape
 * documented on {@code satin.contract.Spawns}; {@link satin.rewriter.transform.RecordClassGenerator} generates one
 * invocation-record class per distinct spawn shape; {@link satin.rewriter.transform.Marks} adds the
 * {@code @Rewritten} mark that makes rewriting idempotent.
 */
package satin.rewriter.transform;
