/**
 * {@code satin experiment}: the paper's wide-area experiments with the real runtime. Each cell of a table is run on
 * real node JVMs on this machine ({@link satin.cli.experiment.EmulatedRun}: the virtual-work program, one JVM per
 * paper CPU with its speed, the IPL's WAN emulation between clusters, everything scaled in time by S), simulated for
 * the same configuration and seed in the same command, and printed beside the paper's figure.
 */
package satin.cli.experiment;
