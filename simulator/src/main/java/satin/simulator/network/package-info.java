/**
 * Network model: links with latency, bandwidth, optional jitter and loss; messages on one link queue behind
 * each other (FIFO), so large results delay later steal requests on the same wide-area connection. Self-contained
 * (no sockets, no Netty): the simulator only needs arrival times.
 */
package satin.simulator.network;
