/**
 * The IPL: an Ibis-like portability layer. Programs see a pool of {@link satin.ipl.Node nodes}, each
 * with a hierarchical {@link satin.ipl.Location}; they communicate through named send and receive ports
 * whose {@link satin.ipl.PortType} is a set of capabilities, and learn about the pool through the
 * {@link satin.ipl.Registry}. The implementation (tcp, udp, local) is chosen at run time by
 * {@link satin.ipl.Ipl} from the {@link satin.ipl.IplConfig}, so programs never name a transport.
 */
package satin.ipl;
