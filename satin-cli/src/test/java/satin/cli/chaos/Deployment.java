package satin.cli.chaos;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import satin.cli.fixture.Commands;
import satin.cli.fixture.ProcFs;
import satin.cli.fixture.Slurm;
import satin.cli.fixture.Sshd;

/**
 * How a chaos run starts, as a user would start it, and where its node JVMs are: four nodes in two clusters, one
 * worker each, on this machine ({@code --nodes}), over the test sshd ({@code --hosts}) or under the test Slurm
 * ({@code srun ... --slurm}, through the shipped batch script's task wrapper). Every process of a run is marked: the
 * launcher's environment holds {@value #MARK}{@code =<run id>}, which the local nodes and Slurm's tasks inherit; a
 * remote node's command line holds the launcher's pool name.
 */
abstract class Deployment {
    static final String MARK = "SATIN_CHAOS_RUN";
    static final int NODES = 4;

    abstract String name();

    /** The launcher: {@code satin run} with {@code options} and {@code program}, started by the caller. */
    abstract ProcessBuilder launcher(List<String> options, List<String> program);

    /** The run's node JVMs alive now. */
    abstract List<NodeJvm> nodes(Watched launcher, String run);

    /** The run's processes still alive (node JVMs, shells, tasks), for the check that nothing is left behind. */
    List<ProcessHandle> leftOver(Watched launcher, String run) {
        return ProcFs.withEnvironment(MARK, run);
    }

    /** Everything the run printed, once it ended. */
    String output(Watched launcher) {
        return launcher.out() + "\n" + launcher.err();
    }

    /** A line of the launcher's that reports the death of node {@code victim} by {@code signal}, or null if none. */
    abstract String deathLine(String victim, String signal);

    static Deployment local() {
        return new Deployment() {
            @Override
            String name() {
                return "local";
            }

            @Override
            ProcessBuilder launcher(List<String> options, List<String> program) {
                List<String> args = new ArrayList<>(List.of("run", "--nodes", Integer.toString(NODES), "--clusters",
                        "2", "--workers", "1"));
                args.addAll(options);
                args.addAll(program);
                return new ProcessBuilder(Commands.satin(args.toArray(String[]::new)));
            }

            @Override
            List<NodeJvm> nodes(Watched launcher, String run) {
                List<NodeJvm> nodes = new ArrayList<>();
                for (ProcessHandle p : ProcFs.withEnvironment(MARK, run)) {
                    String name = ProcFs.environ(p.pid()).get("SATIN_NODE");
                    if (name != null && NodeJvm.isJava(ProcFs.cmdline(p.pid()))) {
                        nodes.add(new NodeJvm(p.pid(), name, name));
                    }
                }
                return nodes;
            }

            @Override
            String deathLine(String victim, String signal) {
                return "satin run: " + victim + " died: killed by " + signal;
            }
        };
    }

    static Deployment ssh(Sshd sshd, Path hostsFile) {
        return new Deployment() {
            @Override
            String name() {
                return "ssh";
            }

            @Override
            ProcessBuilder launcher(List<String> options, List<String> program) {
                List<String> args = new ArrayList<>(List.of("run", "--hosts", hostsFile.toString(), "--shared-fs",
                        "--advertise", "127.0.0.1"));
                args.addAll(sshd.sshOptions());
                args.addAll(options);
                args.addAll(program);
                return new ProcessBuilder(Commands.satin(args.toArray(String[]::new)));
            }

            private String pool(Watched launcher) {
                return "--pool satin-" + launcher.pid() + "-";
            }

            @Override
            List<NodeJvm> nodes(Watched launcher, String run) {
                List<NodeJvm> nodes = new ArrayList<>();
                for (ProcessHandle p : ProcFs.processes(c -> c.contains(pool(launcher)) && NodeJvm.isJava(c))) {
                    String[] words = ProcFs.cmdline(p.pid()).split(" ");
                    for (int k = 0; k + 1 < words.length; k++) {
                        if (words[k].equals("--node-name")) {
                            // the launcher names a node by its host, and its index when the host runs several
                            String node = words[k + 1];
                            String name = node.matches("\\d+-\\d+-\\d+-\\d+-\\d+")
                                    ? node.replaceFirst("^(\\d+)-(\\d+)-(\\d+)-(\\d+)-", "$1.$2.$3.$4#")
                                    : node.replace('-', '.');
                            nodes.add(new NodeJvm(p.pid(), name, node));
                        }
                    }
                }
                return nodes;
            }

            @Override
            List<ProcessHandle> leftOver(Watched launcher, String run) {
                List<ProcessHandle> left = new ArrayList<>(super.leftOver(launcher, run));
                left.addAll(ProcFs.processes(c -> c.contains(pool(launcher))));
                return left;
            }

            @Override
            String deathLine(String victim, String signal) {
                return "satin run: " + victim + " died: killed by " + signal;
            }
        };
    }

    /**
     * The run as the shipped batch script makes it ({@code sbatch --wait examples/slurm/satin.sbatch}): the launcher
     * is sbatch, the program's output goes to {@code output}.
     */
    static Deployment slurm(Slurm slurm, Path secret, Path script, Path clusters, Path output) {
        return new Deployment() {
            @Override
            String name() {
                return "slurm";
            }

            @Override
            ProcessBuilder launcher(List<String> options, List<String> program) {
                List<String> command = new ArrayList<>(List.of("/usr/bin/sbatch", "--wait",
                        "--nodes=" + NODES, "--ntasks-per-node=1", "--cpus-per-task=1", "--output=" + output,
                        script.toString()));
                command.addAll(program);
                ProcessBuilder b = slurm.command(command);
                options = options.stream().filter(o -> !o.equals("--stats")).toList(); // the script asks for them
                b.environment().put("SATIN_POOL_SECRET_FILE", secret.toString());
                b.environment().put("SATIN_COMMAND", String.join(" ", Commands.satin()));
                b.environment().put("SATIN_RUN_OPTIONS", String.join(" ", options) + " --registry-host 127.0.0.1");
                b.environment().put("CLUSTER_OF", clusters.toString());
                return b;
            }

            @Override
            List<NodeJvm> nodes(Watched launcher, String run) {
                List<NodeJvm> nodes = new ArrayList<>();
                for (ProcessHandle p : ProcFs.withEnvironment(MARK, run)) {
                    java.util.Map<String, String> env = ProcFs.environ(p.pid());
                    String rank = env.get("SLURM_PROCID");
                    String cmdline = ProcFs.cmdline(p.pid());
                    if (rank != null && NodeJvm.isJava(cmdline) && cmdline.contains("--slurm")) {
                        // the pool's node name of a task: its host, a dash, its rank (satin.cli.slurm.SlurmTask)
                        nodes.add(new NodeJvm(p.pid(), "task " + rank, env.get("SLURMD_NODENAME") + "-" + rank));
                    }
                }
                return nodes;
            }

            @Override
            List<ProcessHandle> leftOver(Watched launcher, String run) {
                List<ProcessHandle> left = new ArrayList<>(super.leftOver(launcher, run));
                if (slurm.leftOver() > 0) {
                    left.addAll(ProcFs.processes(c -> c.contains("slurmstepd")));
                }
                return left;
            }

            @Override
            String output(Watched launcher) {
                return Commands.read(output) + "\n" + launcher.out() + "\n" + launcher.err();
            }

            @Override
            String deathLine(String victim, String signal) {
                return "satin: " + victim + " on ";
            }
        };
    }
}
