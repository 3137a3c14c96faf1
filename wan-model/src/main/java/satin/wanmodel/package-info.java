/**
 * The timing of messages on a TCP connection across a wide-area link, shared by the simulator's network and the
 * IPL's WAN emulation so that both charge a message the same time for the same draws.
 *
 * <p>What a link's measured round trip and bandwidth (the paper's Table 4.2: ping and netperf) do not tell about a
 * message, and what this model adds ({@link satin.wanmodel.TcpPath}):
 * <ul>
 *   <li><b>Loss</b>, inferred per link from its measured TCP throughput and round trip by inverting the TCP throughput
 *       model of Padhye et al. ({@link satin.wanmodel.TcpThroughput}); bulk transfers already run at the measured
 *       throughput, so loss costs a message only where a stream would not see it: a loss among the last three
 *       segments of a message (no later segments make duplicate acknowledgements, so only the retransmission timeout
 *       recovers it; it doubles while the retransmission is lost too);</li>
 *   <li><b>slow start after idle</b>: a connection idle for longer than its retransmission timeout starts again from
 *       the initial window of two segments, doubling each round trip;</li>
 *   <li><b>latency swings</b> ({@link satin.wanmodel.LatencySwing}): a link whose round trip moves between a minimum
 *       and a maximum around its median, redrawn every epoch; messages of one stream never overtake each other. Such a link's
 *       retransmission timeout is what the swings teach TCP's estimator (SRTT + 4 RTTVAR over the distribution,
 *       {@link satin.wanmodel.TcpThroughput#rto(satin.wanmodel.LatencySwing, long)}): seconds, not two round trips.</li>
 * </ul>
 * Everything random is drawn from the caller's generator or from the swing's seed, so a seeded simulation repeats
 * exactly.
 */
package satin.wanmodel;
