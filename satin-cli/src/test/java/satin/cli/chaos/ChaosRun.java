package satin.cli.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import satin.cli.fixture.Commands;

/**
 * One run of a real program attacked from outside with real signals at a moment chosen by a seed, and its checks:
 * the right answer or the documented failure, the exit status, nothing left behind.
 *
 * <p>Events, not clocks, decide when to attack: the run is attacked once its program's {@code main} runs (a node JVM
 * has the thread that runs it), after an extra delay drawn from the seed within the attack's window; a frozen node is
 * thawed after a time drawn the same way, longer or shorter than the detection time. The plan is printed first, so a
 * failing seed can be replayed ({@code -Dchaos.seed=S -Dchaos.deployment=D}).
 */
final class ChaosRun {

    /** What is done to the run. */
    enum Attack {
        /** SIGKILL to a node JVM, the master included: recovered, the run ends right, exit status 0. */
        KILL_NODE,
        /** SIGSTOP of a node for longer than the detection time: declared dead, its work recovered; SIGCONT later. */
        STOP_LONG,
        /** SIGSTOP of a node for less than the detection time: nobody is declared dead. */
        STOP_SHORT,
        /** SIGKILL to the launcher: every node ends within a bound, none is left. */
        KILL_LAUNCHER,
        /** SIGHUP to the launcher (its login session is gone): every node ends within a bound, none is left. */
        HUP_LAUNCHER
    }

    /** The seed's choices. */
    record Plan(long seed, Attack attack, int victim, long delayMillis, long stopMillis) {
        String describe(Deployment d) {
            return "chaos seed " + seed + " (" + d.name() + "): " + attack + " of " + (attack.name().contains("LAUNCHER")
                    ? "the launcher" : "node index " + victim) + " " + delayMillis + " ms after main started"
                    + (stopMillis > 0 ? ", thawed after " + stopMillis + " ms" : "");
        }
    }

    /** Detection time of the runs that freeze a node. */
    static final long DETECTION_MILLIS = 2_000;
    /** How long after main started an attack may land: within the runs' shortest main (N-queens 15, 4 x 1). */
    static final long WINDOW_MILLIS = 1_200;
    private static final long RUN_MILLIS = 240_000;
    /** How long every node JVM may take to end once its launcher is gone, or the run is over. */
    private static final long END_MILLIS = 30_000;

    private ChaosRun() {
    }

    /**
     * The attack (the seed's turn among {@code attacks}), the victim (by node name order, from {@code firstVictim}
     * on) and the moments of seed {@code seed}.
     */
    static Plan plan(long seed, List<Attack> attacks, int firstVictim) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        Attack attack = attacks.get((int) Math.floorMod(seed, (long) attacks.size())); // seeds 0..n-1 cover them all
        int victim = firstVictim + r.nextInt(Deployment.NODES - firstVictim);
        long delay = r.nextLong(WINDOW_MILLIS);
        long stop = switch (attack) {
            case STOP_LONG -> DETECTION_MILLIS * 2 + r.nextLong(DETECTION_MILLIS);
            case STOP_SHORT -> DETECTION_MILLIS / 8 + r.nextLong(DETECTION_MILLIS / 4);
            default -> 0;
        };
        return new Plan(seed, attack, victim, delay, stop);
    }

    /** Runs the plan and checks it; throws an AssertionError naming the seed and everything printed when it fails. */
    static String run(Plan plan, Deployment deployment) throws Exception {
        String id = "chaos-" + plan.seed() + "-" + System.nanoTime();
        boolean frozen = plan.attack() == Attack.STOP_LONG || plan.attack() == Attack.STOP_SHORT;
        // N-queens 16 runs about 11 s on 4 x 1 workers here: long enough for a freeze and its detection; 15, 1.7 s
        List<String> program = List.of("nqueens", frozen ? "16" : "15");
        String answer = frozen ? "solutions of 16-queens = 14772512" : "solutions of 15-queens = 2279184";
        List<String> options = new ArrayList<>(List.of("--stats"));
        if (frozen) {
            options.addAll(List.of("--detection-time", Long.toString(DETECTION_MILLIS)));
        }
        ProcessBuilder builder = deployment.launcher(options, program);
        builder.environment().put(Deployment.MARK, id);
        List<String> log = new ArrayList<>(List.of(plan.describe(deployment)));
        System.out.println(log.get(0));
        try (Watched launcher = Watched.start(builder)) {
            try {
                NodeJvm victim = awaitMain(deployment, launcher, id, plan);
                Thread.sleep(plan.delayMillis()); // the seed's extra delay after the event
                attack(plan, victim, launcher, log);
                Integer status = launcher.awaitExit(RUN_MILLIS);
                check(status != null, "the run did not end within " + RUN_MILLIS + " ms", plan, deployment, launcher,
                        log);
                String output = deployment.output(launcher);
                switch (plan.attack()) {
                    case KILL_LAUNCHER, HUP_LAUNCHER -> {
                    }
                    default -> {
                        check(status == 0, "exit status " + status + ", expected 0", plan, deployment, launcher, log);
                        check(output.contains(answer), "no '" + answer + "'", plan, deployment, launcher, log);
                        check(output.contains("self-check passed"), "no self-check", plan, deployment, launcher, log);
                    }
                }
                if (plan.attack() == Attack.KILL_NODE && log.stream().anyMatch(l -> l.startsWith("killed "))) {
                    check(output.contains(deployment.deathLine(victim.name(), "SIGKILL")), "no report of the death of "
                            + victim.name(), plan, deployment, launcher, log);
                }
                if (plan.attack() == Attack.STOP_SHORT) {
                    check(output.contains("nodes lost: none"), "a node frozen shorter than the detection time was "
                            + "declared dead", plan, deployment, launcher, log);
                }
                if (plan.attack() == Attack.STOP_LONG && log.stream().anyMatch(l -> l.startsWith("froze "))) {
                    check(!output.contains("nodes lost: none"), "a node frozen longer than the detection time was not "
                            + "declared dead", plan, deployment, launcher, log);
                }
                awaitNothingLeft(plan, deployment, launcher, id, log);
                return String.join("; ", log);
            } catch (AssertionError | RuntimeException | InterruptedException e) {
                for (ProcessHandle p : deployment.leftOver(launcher, id)) {
                    p.destroyForcibly();
                }
                throw e;
            }
        }
    }

    /** Waits for the event (every node JVM there, one of them running main) and returns the victim's JVM. */
    private static NodeJvm awaitMain(Deployment deployment, Watched launcher, String id, Plan plan)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RUN_MILLIS);
        while (true) {
            List<NodeJvm> nodes = new ArrayList<>(deployment.nodes(launcher, id));
            if (nodes.size() == Deployment.NODES && nodes.stream().anyMatch(NodeJvm::runsMain)) {
                nodes.sort(java.util.Comparator.comparing(NodeJvm::name));
                return nodes.get(plan.victim());
            }
            if (!launcher.process().isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError(plan.describe(deployment) + ": main never started on " + Deployment.NODES
                        + " nodes (found " + nodes + ")\n" + deployment.output(launcher));
            }
            Thread.sleep(20);
        }
    }

    private static void attack(Plan plan, NodeJvm victim, Watched launcher, List<String> log) throws Exception {
        switch (plan.attack()) {
            case KILL_NODE -> signal(victim.pid(), "KILL", "killed " + victim.name(), log);
            case STOP_LONG, STOP_SHORT -> {
                signal(victim.pid(), "STOP", "froze " + victim.name(), log);
                Thread.sleep(plan.stopMillis()); // the seed's freeze, against the detection time
                signal(victim.pid(), "CONT", "thawed " + victim.name(), log);
            }
            case KILL_LAUNCHER -> signal(launcher.pid(), "KILL", "killed the launcher", log);
            case HUP_LAUNCHER -> signal(launcher.pid(), "HUP", "hung up on the launcher", log);
        }
    }

    private static void signal(long pid, String signal, String what, List<String> log) {
        try {
            Commands.run("kill", "-s", signal, Long.toString(pid));
            log.add(what);
        } catch (Exception gone) {
            log.add("SIG" + signal + " found no process " + pid + " (it had ended)");
        }
    }

    private static void awaitNothingLeft(Plan plan, Deployment deployment, Watched launcher, String id,
            List<String> log) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_MILLIS);
        while (true) {
            List<ProcessHandle> left = deployment.leftOver(launcher, id);
            if (left.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                List<String> what = left.stream().map(p -> p.pid() + " " + satin.cli.fixture.ProcFs.cmdline(p.pid()))
                        .toList();
                check(false, "processes left " + END_MILLIS + " ms after the end: " + what, plan, deployment,
                        launcher, log);
            }
            Thread.sleep(50);
        }
    }

    private static void check(boolean ok, String what, Plan plan, Deployment deployment, Watched launcher,
            List<String> log) {
        if (!ok) {
            throw new AssertionError(plan.describe(deployment) + ": " + what + "\nwhat happened: " + log
                    + "\nreplay: -Dchaos.seed=" + plan.seed() + " -Dchaos.deployment=" + deployment.name()
                    + "\n--- output:\n" + deployment.output(launcher));
        }
    }
}
