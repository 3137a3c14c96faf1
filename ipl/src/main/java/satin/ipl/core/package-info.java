/**
 * The implementation-independent part of every IPL node.
 *
 * <p>A {@link satin.ipl.core.NodeImpl} keeps the node's life cycle (transport, registry client, close) and its
 * ports. Ports talk over <em>channels</em>: one per connected (send port, receive port) pair, numbered by the
 * sending node and multiplexed over the single link between two nodes. The {@link
 * satin.ipl.core.ChannelProtocol} is what a node says on the wire, and the handler every transport delivers to:
 * per channel a CONNECT/ACCEPT handshake (the receiver checks the port name, port type and connection pattern,
 * {@link satin.ipl.core.ReceivePortImpl#attach}), DATA fragments (FIRST carries the message size, later ones
 * their offset, so a receiver detects any gap; {@link satin.ipl.core.OutChannel} cuts them, {@link
 * satin.ipl.core.InChannel} reassembles them), and credit-based flow control: the receiver grants a window of
 * bytes, returns credit for a message when its application takes it, and so a slow receive port only stops its
 * own senders, never the shared link. Anything a peer sends that breaks these rules is a protocol error that
 * closes that peer's link only. A channel that breaks (port closed, link ended, peer died) leaves its send
 * port's connections at once; the next message reports it.
 *
 * <p>Message bytes follow the SPI's ownership rule (see {@code satin.ipl.spi}). A message is written into one
 * buffer, pooled direct memory when every link of the port writes from it; each DATA fragment passes a
 * reference to a slice of it to its link, and the send port releases its own once the message is on every
 * channel. A received packet is released by the channel protocol once handled: its bytes are copied into the
 * message's array, or that array is the one a transport handed over, so a message a reader holds is plain heap
 * memory and never needs releasing.
 *
 * <p>Objects in messages go through Kryo ({@link satin.ipl.core.Serialization}): registered classes only,
 * and every length read from the wire is checked against the bytes left in the message before anything
 * of that size is allocated: by bounded serializers for arrays, strings and presized collections, and by
 * {@link satin.ipl.core.BoundedInput} for the string, byte and primitive-array reads of Kryo's other
 * serializers. A message of n bytes makes its reader allocate O(n).
 */
package satin.ipl.core;
