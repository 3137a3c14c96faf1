package satin.cli.slurm;

import java.util.Map;

/**
 * This process as one task of a Slurm job step ({@code srun} inside an allocation), read from the environment
 * Slurm gives every task: its rank ({@code SLURM_PROCID}), the step's number of tasks ({@code
 * SLURM_STEP_NUM_TASKS}, else {@code SLURM_NTASKS}), the step's hosts ({@code SLURM_STEP_NODELIST}, else {@code
 * SLURM_JOB_NODELIST}; the first one runs rank 0 under srun's default block distribution), the host this task
 * runs on ({@code SLURMD_NODENAME}), the processors given to each task ({@code SLURM_CPUS_PER_TASK}, if any) and
 * the job and step ids.
 *
 * @param cpusPerTask 0 when Slurm does not say (the node then uses its processors)
 */
public record SlurmTask(int rank, int tasks, String firstHost, String host, int cpusPerTask, String jobId,
        String stepId) {

    /**
     * The task described by {@code env}, or an error naming the missing or malformed variable and saying that
     * {@code --slurm} runs under {@code srun}.
     */
    public static SlurmTask from(Map<String, String> env) {
        int rank = number(env, "SLURM_PROCID", 0);
        String tasksVariable = env.containsKey("SLURM_STEP_NUM_TASKS") ? "SLURM_STEP_NUM_TASKS" : "SLURM_NTASKS";
        int tasks = number(env, tasksVariable, 1);
        if (rank >= tasks) {
            throw new IllegalArgumentException("SLURM_PROCID=" + rank + " is not below " + tasksVariable + "=" + tasks);
        }
        String nodeListVariable = env.containsKey("SLURM_STEP_NODELIST") ? "SLURM_STEP_NODELIST" : "SLURM_JOB_NODELIST";
        String first;
        try {
            first = Hostlist.first(required(env, nodeListVariable));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(nodeListVariable + ": " + e.getMessage());
        }
        String host = env.getOrDefault("SLURMD_NODENAME", "");
        if (host.isBlank()) {
            host = localHostName();
        }
        int cpus = env.containsKey("SLURM_CPUS_PER_TASK") ? number(env, "SLURM_CPUS_PER_TASK", 1) : 0;
        String job = required(env, "SLURM_JOB_ID");
        return new SlurmTask(rank, tasks, first, host.strip(), cpus, job, env.getOrDefault("SLURM_STEP_ID", "0"));
    }

    /** The pool's name: one per job step, so two steps of one job (or two jobs on one host) never meet. */
    public String poolName() {
        return "slurm-" + jobId + "." + stepId;
    }

    /** This node's name: its host and rank (several tasks may share a host). */
    public String nodeName() {
        return host.replace('.', '-').replace('@', '-') + "-" + rank;
    }

    /**
     * The registry's default port on the first host: derived from the job and step ids, so concurrent steps on a
     * shared first host use different ports (in 20000-39999, above the usual ephemeral range's start).
     */
    public int defaultRegistryPort() {
        long key = 31L * Math.abs((long) jobId.hashCode()) + Math.abs((long) stepId.hashCode());
        return 20000 + (int) (key % 20000);
    }

    private static String required(Map<String, String> env, String name) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(name + " is not set: --slurm runs inside a Slurm allocation, started by "
                    + "srun (e.g. srun -n 4 satin run --slurm ...)");
        }
        return v.strip();
    }

    private static int number(Map<String, String> env, String name, int min) {
        String v = required(env, name);
        try {
            int n = Integer.parseInt(v);
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + "=" + v + " is not a whole number of at least " + min);
    }

    private static String localHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }
}
