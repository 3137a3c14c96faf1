/**
 * The IPL: an Ibis-like portability layer. Programs see a pool of {@link satin.ipl.Node nodes}, each
 * with a hierarchical {@link satin.ipl.Location}; they communicate through named send and receive ports
 * whose {@link satin.ipl.PortType} is a set of capabilities, and learn about the pool through the
 * {@link satin.ipl.Registry}. The implementation (tcp, udp, local) is chosen at run time by
 * {@link satin.ipl.start.Ipl} from the {@link satin.ipl.IplConfig}, so programs never name a transport.
 *
 * <p>This package depends on no other IPL package: the implementation packages depend on it. The entry point
 * {@code Ipl}, which names them, lives in {@code satin.ipl.start}, and the keys the implementations accept
 * reach {@code IplConfig} through the {@link satin.ipl.ImplementationProperties} service.
 */
package satin.ipl;
