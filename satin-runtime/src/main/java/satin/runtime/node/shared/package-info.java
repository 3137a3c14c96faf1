/**
 * Shared objects across nodes (issue 30, part 3: a package of their own): {@link
 * satin.runtime.node.shared.SharedReplication} keeps a replica of every shared object on every node, the master
 * orders every write and every node applies them in that order; {@link satin.runtime.node.shared.SharedReferences}
 * lets a job that holds a shared object travel with a reference to it instead of a copy. Depends on the messages
 * ({@code node.wire}) and the runtime's shared-object contract, not on the node's wiring.
 */
package satin.runtime.node.shared;
