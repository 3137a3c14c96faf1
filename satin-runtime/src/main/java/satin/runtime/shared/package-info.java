/**
 * Shared objects as the runtime serves them: {@link satin.runtime.shared.SharedObjects} is what a worker does with a
 * write method called on it ({@code satin.contract.SharedWrites}) and with {@code exportObject()}. A runtime
 * confined to one JVM has one replica of each object and applies writes to it holding its monitor
 * ({@link satin.runtime.shared.SharedObjects#LOCAL}); a node of a multi-JVM run orders every write through the
 * run's master and applies it on every node ({@code satin.runtime.node.shared.SharedReplication}, which documents the
 * protocol and its guarantees).
 */
package satin.runtime.shared;
