package satin.virtual;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import satin.SatinObject;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * The virtual-work program (see the package overview): runs a tree of the simulator's, each job waiting for its own
 * time instead of computing. {@code satin run virtual TREE [--seed N] [--time-scale S]} (app name {@code virtual}).
 *
 * <p>The target object travels with every stolen job, so it holds only the tree's spec, the seed and the time
 * scale (a few dozen bytes); the workload is resolved once per JVM ({@link TreeSpec#resolve}). A job computes its
 * children first (cheap), then waits until {@code start + (own time + children x spawn overhead) / (speed x S)},
 * then spawns its children and syncs, as the simulator runs a job: its own code, then its spawns.
 */
public final class VirtualWork extends SatinObject implements VirtualInter {
    /** System property: this JVM's speed relative to a speed-1 node (default 1). */
    public static final String SPEED_PROPERTY = "satin.virtual.speed";

    static final String USAGE = "virtual TREE [--seed N] [--time-scale S] [--warm-up FRACTION]   TREE: ai|nqueens|tsp|raytracer[,key=value...]"
            + " or trace:FILE[,spawnOverheadNanos=N]; the node's speed comes from -D" + SPEED_PROPERTY;

    private static final ThreadLocal<PreciseWait> WAITS = ThreadLocal.withInitial(PreciseWait::new);

    private String spec;
    private long seed;
    private double timeScale;
    /** A warm-up tree's program: its jobs wait and travel like any, but no ledger counts them. */
    private boolean warmUp;
    /**
     * Which run of the program a job belongs to (drawn when the program is made; copies that travel with stolen jobs
     * keep it): a worker's wait balance belongs to one run ({@link PreciseWait#waitFrom(long, long, long)}), so the
     * lateness of the warm-up's waits is never paid back by shortening the measured tree's.
     */
    private long run = java.util.concurrent.ThreadLocalRandom.current().nextLong();
    private transient Workload workload;
    /**
     * An explicit speed and ledger; null on a copy that arrived with a stolen job, and in node JVMs: then the running
     * thread's {@link VirtualNode}'s are used, or the JVM's.
     */
    private transient Double speed;
    private transient WaitLedger ledger;

    /** For serialization. */
    VirtualWork() {
    }

    /** The program as a node JVM runs it: speed from {@value #SPEED_PROPERTY}, the JVM's ledger. */
    public VirtualWork(String spec, long seed, double timeScale) {
        this(spec, seed, timeScale, null, null);
    }

    /**
     * The program with an explicit speed and ledger, for several programs in one JVM (tests, embedding); jobs it
     * exports to other nodes run there at those nodes' speeds.
     */
    VirtualWork(String spec, long seed, double timeScale, Double speed, WaitLedger ledger) {
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new IllegalArgumentException("time scale must be positive and finite, got " + timeScale);
        }
        this.spec = spec;
        this.seed = seed;
        this.timeScale = timeScale;
        this.workload = TreeSpec.resolve(spec, seed);
        if (speed != null && (!(speed > 0) || Double.isInfinite(speed))) {
            throw new IllegalArgumentException("speed must be positive and finite, got " + speed);
        }
        this.speed = speed;
        this.ledger = ledger;
    }

    /** The wait of a job of {@code ownNanos} with {@code children} spawns, in nanoseconds, at this program's speed and scale. */
    long waitNanos(long ownNanos, int children) {
        long cost = ownNanos + children * workload().spawnOverheadNanos();
        return Math.round(cost / (speed() * timeScale));
    }

    /** The explicit speed, else that of the node whose thread runs the job ({@link VirtualNode}), else the JVM's. */
    private double speed() {
        Double s = speed;
        if (s != null) {
            return s;
        }
        VirtualNode node = VirtualNode.current();
        return node != null ? node.speed() : nodeSpeed();
    }

    private WaitLedger ledger() {
        WaitLedger l = ledger;
        if (l != null) {
            return l;
        }
        VirtualNode node = VirtualNode.current();
        return node != null ? node.ledger() : WaitLedger.JVM;
    }

    /** This JVM's speed factor ({@value #SPEED_PROPERTY}, default 1). */
    public static double nodeSpeed() {
        String s = System.getProperty(SPEED_PROPERTY);
        if (s == null || s.isBlank()) {
            return 1.0;
        }
        double v;
        try {
            v = Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SPEED_PROPERTY + " must be a number, got '" + s + "'", e);
        }
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(SPEED_PROPERTY + " must be positive, got '" + s + "'");
        }
        return v;
    }

    private Workload workload() {
        Workload w = workload;
        if (w == null) {
            w = TreeSpec.resolve(spec, seed);
            workload = w;
        }
        return w;
    }

    /**
     * A small tree run before the measured one to warm every node up: an adaptive-integration tree of {@code fraction}
     * of this tree's sequential time in 512 leaves, at this program's scale, whose jobs no ledger counts.
     */
    VirtualWork warmUpProgram(double fraction) {
        long total = Math.max(512, Math.round(workload().sequentialNanos() * fraction));
        VirtualWork w = new VirtualWork("ai,totalNanos=" + total + ",leafNanos=" + Math.max(1, total / 512), seed, timeScale,
                speed, ledger);
        w.warmUp = true;
        return w;
    }

    /** The root job of this program's tree. */
    public VirtualJob root() {
        return VirtualJob.of(workload().root());
    }

    @Override
    public VirtualResult run(VirtualJob job) {
        long start = System.nanoTime();
        Workload w = workload();
        long wait = waitNanos(job.ownNanos, job.childCount);
        VirtualJob[] children = children(w, job);
        PreciseWait waits = WAITS.get();
        long behindBefore = Math.max(0, waits.balance(run));
        long behind = waits.waitFrom(start, wait, run);
        // What this wait added to the worker's lateness (a lateness carried from earlier jobs is counted once).
        if (!warmUp) {
            ledger().record(job.ownNanos, wait, Math.max(0, behind - behindBefore), Math.max(0, -behind));
        }
        VirtualResult[] results = new VirtualResult[children.length];
        for (int i = 0; i < children.length; i++) {
            results[i] = run(children[i]);
        }
        sync();
        long jobs = 1;
        long work = job.ownNanos;
        for (int i = 0; i < results.length; i++) {
            jobs += results[i].jobs;
            work += results[i].workNanos;
            results[i] = null; // the children's payloads go before the parent's is made (the ray tracer's is 48 MB)
        }
        return new VirtualResult(jobs, work, job.resultBytes);
    }

    private static VirtualJob[] children(Workload w, VirtualJob job) {
        if (job.childCount == 0) {
            return new VirtualJob[0];
        }
        List<SimJob> kids = new ArrayList<>(job.childCount);
        w.spawnChildren(job.toSimJob(), kids::add);
        VirtualJob[] out = new VirtualJob[kids.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = VirtualJob.of(kids.get(i));
        }
        return out;
    }

    /** Runs the whole tree from its root with spawns, as a program's main does; returns the root's result. */
    public VirtualResult compute() {
        VirtualResult result = run(root());
        sync();
        return result;
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** {@code main} without the exit: 0 when the whole tree ran exactly once, 1 when not, 2 for bad arguments. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            (args.length == 0 ? err : out).println("usage: " + USAGE);
            return args.length == 0 ? 2 : 0;
        }
        VirtualWork program;
        VirtualWork warmUp;
        try {
            long seed = 1;
            double scale = 1;
            double warmUpFraction = 0;
            for (int i = 1; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--seed" -> seed = Long.parseLong(require(value, args[i]));
                    case "--time-scale" -> scale = Double.parseDouble(require(value, args[i]));
                    case "--warm-up" -> warmUpFraction = Double.parseDouble(require(value, args[i]));
                    default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'");
                }
                i++;
            }
            nodeSpeed();
            if (!(warmUpFraction >= 0 && warmUpFraction < 1)) {
                throw new IllegalArgumentException("--warm-up must be a fraction in [0, 1), got " + warmUpFraction);
            }
            program = new VirtualWork(args[0], seed, scale);
            warmUp = warmUpFraction == 0 ? null : program.warmUpProgram(warmUpFraction);
        } catch (RuntimeException e) {
            err.println("error: " + e.getMessage() + "\nusage: " + USAGE);
            return 2;
        }
        if (warmUp != null) {
            // Unmeasured: the first spawns, steals and results of every node JVM pay for class loading, compilation
            // and serializer set-up (measured: 80-130 ms per first steal on 4 host JVMs, several seconds of paper time).
            warmUp.compute();
            // Start the measured tree with an empty young generation: a collection during it stops every node of this
            // JVM, and each worker whose wait ends in the pause overshoots by the rest of it (see NodeJvm in satin-cli).
            System.gc();
        }
        long expected = program.workload().sequentialNanos();
        VirtualNode.TreeWatcher watcher = VirtualNode.currentWatcher();
        if (watcher != null) {
            watcher.measuredTreeStarts();
        }
        long start = System.nanoTime();
        VirtualResult result = program.compute();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (watcher != null) {
            watcher.measuredTreeEnded();
        }
        out.printf(Locale.ROOT, "virtual work %s: %d jobs, t_s %.3f s at time scale %s (%.1f s unscaled), tree ran %.6f s%n",
                program.workload().name(), result.jobs, expected / 1e9 / program.timeScale, program.timeScale, expected / 1e9,
                seconds);
        boolean ok = result.workNanos == expected;
        out.println((ok ? "self-check passed: " : "self-check FAILED: ") + "every job ran once (work " + result.workNanos
                + " ns of " + expected + ")");
        return ok ? 0 : 1;
    }

    private static String require(String value, String option) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }
}
