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
 */
package satin.ipl.core;
