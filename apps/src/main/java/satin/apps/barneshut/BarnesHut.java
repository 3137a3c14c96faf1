package satin.apps.barneshut;

import java.io.PrintStream;
import java.util.Locale;
import satin.SatinObject;
import satin.apps.common.AppMain;
import satin.apps.common.Args;
import satin.apps.common.Timed;

/**
 * Barnes-Hut N-body simulation in the plane. Each time step builds the quadtree (sequentially, it is
 * cheap), then computes all accelerations by halving the range of bodies recursively, each half a spawned
 * job carrying the tree, down to {@code leafBodies} bodies per job; then advances the bodies. Every force
 * is computed by the same walk over the same tree in every run, so the result is bit-identical to the
 * sequential simulation for any number of workers.
 */
public final class BarnesHut extends SatinObject implements BarnesHutInter {

    static final String USAGE = "barneshut [bodies (default 40000)] [steps (default 6)] [seed (default 5)] "
            + "[leaf bodies (default 256)]";
    static final double TIME_STEP = 0.001;

    @Override
    public double[] accelerations(QuadTree tree, int from, int to, int leafBodies) {
        if (to - from <= leafBodies) {
            return Forces.accelerations(tree, from, to);
        }
        int middle = (from + to) >>> 1;
        double[] first = accelerations(tree, from, middle, leafBodies);
        double[] second = accelerations(tree, middle, to, leafBodies);
        sync();
        return Forces.concat(first, second);
    }

    /** The bodies after {@code steps} time steps. */
    public static Bodies compute(Bodies start, int steps, int leafBodies) {
        Bodies bodies = start;
        for (int step = 0; step < steps; step++) {
            QuadTree tree = QuadTree.build(bodies);
            BarnesHut barnesHut = new BarnesHut();
            double[] accelerations = barnesHut.accelerations(tree, 0, bodies.count(), leafBodies);
            barnesHut.sync();
            bodies = bodies.advance(accelerations, TIME_STEP);
        }
        return bodies;
    }

    public static void main(String[] args) throws Exception {
        int status = AppMain.run(USAGE, 4, args, System.out, System.err, BarnesHut::run);
        if (status != 0) {
            System.exit(status);
        }
    }

    static boolean run(Args args, PrintStream out) throws Exception {
        int count = args.intAt(0, "bodies", 40_000, 1, 50_000_000);
        int steps = args.intAt(1, "steps", 6, 0, 1_000_000);
        long seed = args.longAt(2, "seed", 5, Long.MIN_VALUE, Long.MAX_VALUE);
        int leafBodies = args.intAt(3, "leaf bodies", 256, 1, Integer.MAX_VALUE);
        Bodies start = Bodies.randomDisk(count, seed);
        Timed<Bodies> result = Timed.run(() -> compute(start, steps, leafBodies));
        double[] centre = result.value().centreOfMass();
        out.printf(Locale.ROOT, "%d bodies after %d steps (seed %d): centre of mass (%.12g, %.12g)%n", count, steps,
                seed, centre[0], centre[1]);
        AppMain.printTime(out, "satin", result);
        Timed<Bodies> sequential = Timed.run(() -> SequentialBarnesHut.compute(start, steps, leafBodies));
        AppMain.printTime(out, "sequential", sequential);
        return AppMain.check(out, result.value().sameAs(sequential.value()),
                "bit-identical to the sequential simulation");
    }
}
