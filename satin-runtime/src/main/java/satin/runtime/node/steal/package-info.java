/**
 * Work stealing between nodes, by concern (issue 30, part 3; moving here step by step from
 * {@code node.RemoteStealing}): {@link satin.runtime.node.steal.ExportLedger}, which alone decides who owns a job
 * this node handed to a thief. Depends on the contract and the JDK only; never on recovery (which uses the ledger,
 * not the other way round).
 */
package satin.runtime.node.steal;
