/**
 * {@code satin bench link}: the two ends of an IPL echo pair as separate processes, for measuring plain against
 * encrypted transports over a real, rate-limited link (two network namespaces joined by a veth pair).
 */
package satin.cli.bench.link;
