/**
 * Running inside a Slurm allocation ({@code srun satin run --slurm ...}): {@link satin.cli.slurm.SlurmTask} reads
 * a task's rank, the step's size and first host from the environment Slurm gives each task ({@link
 * satin.cli.slurm.Hostlist} expands Slurm's compact host lists), and {@link satin.cli.slurm.ClusterRule} maps host
 * names to clusters for allocations that span sites. Rank 0 runs the registry on the first host; every task joins
 * it as one node.
 */
package satin.cli.slurm;
