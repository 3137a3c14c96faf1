/**
 * {@code satin experiment}: the paper's wide-area experiments with the real runtime. Each cell of a table is run on
 * real nodes on this machine ({@link satin.cli.experiment.EmulatedRun}: the virtual-work program, one node per paper
 * CPU with its speed, hosted by one or a few JVMs ({@link satin.cli.experiment.NodeHost}), the IPL's WAN emulation
 * between clusters, everything scaled in time by S), simulated for the same configuration and seed in the same
 * command, and printed beside the paper's figure.
 */
package satin.cli.experiment;
