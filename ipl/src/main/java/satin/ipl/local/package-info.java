/**
 * The {@code local} implementation: many nodes in one JVM sharing a {@link satin.ipl.local.LocalNetwork},
 * which also hosts their in-process pools. Packets go to the receiving node's single inbound thread, so
 * delivery is asynchronous and FIFO per link, like a real transport; nothing is copied: a packet's reference
 * passes from the sending core to the receiving one, and a packet for a link that closed is released here.
 */
package satin.ipl.local;
