/**
 * Job trees for the simulator: synthetic trees generated lazily from a seed ({@link
 * satin.simulator.workload.SyntheticTree}, with shapes imitating the paper's applications in {@link
 * satin.simulator.workload.PaperApps}) and trees replayed from traces of real runs.
 */
package satin.simulator.workload;
