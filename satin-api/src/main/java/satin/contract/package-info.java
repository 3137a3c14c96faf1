/**
 * The contract between rewritten code and a runtime: what the rewriter's output links against.
 *
 * <ul>
 *   <li>{@link satin.contract.Spawns}: the static entry points rewritten code calls (inline test, spawn, failed
 *       inline call, sync, abandon), with the shape of rewritten code in its overview;</li>
 *   <li>{@link satin.contract.InvocationRecord}: the base class of every generated record (a spawned call);</li>
 *   <li>{@link satin.contract.Rewritten}: the mark on every class the rewriter produced;</li>
 *   <li>{@link satin.contract.ContractNames}: all of the above as class-file names and descriptors, the one place
 *       the rewriter and the runtime take them from;</li>
 *   <li>{@link satin.contract.SpawnThread}: the thread type a runtime's workers extend, through which the entry
 *       points reach the runtime and the runtime reaches a record's bookkeeping.</li>
 * </ul>
 *
 * <p>The package depends on nothing but the JDK and knows no runtime: off a {@code SpawnThread} every spawn runs
 * inline, so a rewritten program runs sequentially with only this package on its class path. Sync semantics (the
 * oldest failure is rethrown, the others suppressed; else every result is delivered in spawn order) are the same
 * on and off workers ({@code Frames}).
 */
package satin.contract;
