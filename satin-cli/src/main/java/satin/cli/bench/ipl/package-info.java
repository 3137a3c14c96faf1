/**
 * {@code satin bench ipl}: IPL implementations measured against a raw Netty echo in the same run.
 * Latency is the median round trip after warm-up; throughput is a one-way stream ended by an
 * acknowledgement; repetitions alternate between the contenders and keep each one's best, so that a
 * loaded machine hurts all of them alike.
 */
package satin.cli.bench.ipl;
