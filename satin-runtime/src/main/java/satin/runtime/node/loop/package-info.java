/**
 * The node's protocol loop ({@link satin.runtime.node.loop.ProtocolLoop}): the one owner of a node's protocol state,
 * a serial executor whose steps every other thread of the node only posts; and {@link
 * satin.runtime.node.loop.Confinement}, how a part that owns protocol state asks whether the calling thread may touch
 * it. The threading argument of the node layer, which this loop keeps, is in the node package's overview. Depends on
 * the JDK only.
 */
package satin.runtime.node.loop;
