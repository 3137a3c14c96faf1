/**
 * The implementation-independent part of every IPL node.
 *
 * <p>A {@link satin.ipl.core.NodeImpl} owns a transport (from the chosen provider), a registry client and
 * its ports. Ports talk over <em>channels</em>: one per connected (send port, receive port) pair, numbered
 * by the sending node and multiplexed over the single link between two nodes. Per channel:
 * CONNECT/ACCEPT handshake (the receiver checks the port name, port type and connection pattern), DATA
 * fragments (FIRST carries the message size, later ones their offset, so a receiver detects any gap), and
 * credit-based flow control: the receiver grants a window of bytes, returns credit for a message when its
 * application takes it, and so a slow receive port only stops its own senders, never the shared link.
 * Anything a peer sends that breaks these rules is a protocol error that closes that peer's link only.
 *
 * <p>Objects in messages go through Kryo ({@link satin.ipl.core.Serialization}): registered classes only,
 * and every length read from the wire is checked against the bytes left in the message before anything
 * of that size is allocated: by bounded serializers for arrays, strings and presized collections, and by
 * {@link satin.ipl.core.BoundedInput} for the string, byte and primitive-array reads of Kryo's other
 * serializers. A message of n bytes makes its reader allocate O(n).
 */
package satin.ipl.core;
