package satin.samples.corpus.nbody;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Random;
import satin.SatinObject;

/**
 * {@code NBody [bodies [steps]]}: a direct-sum n-body simulation written against the original's whole
 * {@code SatinObject} API. The forces of each step are computed by recursive halving over the bodies, splitting
 * further while {@code needMoreJobs()} says so (a range is never cut finer than a leaf); the bodies then move in a
 * sequential phase between {@code pause()} and {@code resume()}. The initial state is kept with {@code deepCopy}, the
 * leaf size depends on whether {@code satin.impl.Satin.getSatin()} finds a runtime, each leaf counts whether it ran
 * where it was spawned ({@code localJob()}), and the simulation object (a {@code SatinObject}, hence
 * {@code Serializable}) is checkpointed with Java serialization and restored. Prints the energy before and after and
 * whether the restored checkpoint computes the same; every figure is independent of how the work was split.
 */
public final class NBody extends SatinObject implements ForceInter {
    private static final long serialVersionUID = 1L;
    private static final double SOFTENING = 1e-3;
    private static final double DT = 1e-3;

    private final int leaf;
    private Body[] bodies;

    NBody(Body[] bodies, int leaf) {
        this.bodies = bodies;
        this.leaf = leaf;
    }

    @Override
    public Forces forces(Body[] all, int lo, int hi) {
        if (hi - lo > leaf && (needMoreJobs() || hi - lo > 8 * leaf)) {
            int mid = (lo + hi) >>> 1;
            Forces left = forces(all, lo, mid);
            Forces right = forces(all, mid, hi);
            sync();
            return left.join(right);
        }
        int n = hi - lo;
        double[] ax = new double[n];
        double[] ay = new double[n];
        double[] az = new double[n];
        for (int i = lo; i < hi; i++) {
            Body b = all[i];
            for (Body o : all) { // every body in the same order, however the range was split: same sums
                double dx = o.x - b.x;
                double dy = o.y - b.y;
                double dz = o.z - b.z;
                double d2 = dx * dx + dy * dy + dz * dz + SOFTENING;
                double inv = o.mass / (d2 * Math.sqrt(d2));
                ax[i - lo] += dx * inv;
                ay[i - lo] += dy * inv;
                az[i - lo] += dz * inv;
            }
        }
        return new Forces(lo, ax, ay, az, localJob() ? 0 : 1);
    }

    /** Runs {@code steps} steps; returns how many force jobs ran on another node than their spawner. */
    int simulate(int steps) {
        int foreign = 0;
        for (int s = 0; s < steps; s++) {
            Forces f = forces(bodies, 0, bodies.length);
            sync();
            foreign += f.foreignJobs;
            pause(); // the sequential phase: no steal traffic
            for (int i = 0; i < bodies.length; i++) {
                Body b = bodies[i];
                b.vx += f.ax[i] * DT;
                b.vy += f.ay[i] * DT;
                b.vz += f.az[i] * DT;
                b.x += b.vx * DT;
                b.y += b.vy * DT;
                b.z += b.vz * DT;
            }
            resume();
        }
        return foreign;
    }

    static double energy(Body[] bodies) {
        double e = 0;
        for (int i = 0; i < bodies.length; i++) {
            Body b = bodies[i];
            e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
            for (int j = i + 1; j < bodies.length; j++) {
                Body o = bodies[j];
                double dx = o.x - b.x;
                double dy = o.y - b.y;
                double dz = o.z - b.z;
                e -= b.mass * o.mass / Math.sqrt(dx * dx + dy * dy + dz * dz + SOFTENING);
            }
        }
        return e;
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 800;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        Random random = new Random(42);
        Body[] bodies = new Body[n];
        for (int i = 0; i < n; i++) {
            bodies[i] = new Body(random.nextDouble(), random.nextDouble(), random.nextDouble(),
                    0.5 + random.nextDouble());
        }
        Body[] initial = (Body[]) deepCopy(bodies);
        boolean parallel = satin.impl.Satin.getSatin() != null;
        NBody sim = new NBody(bodies, parallel ? 16 : n);
        int foreign = sim.simulate(steps);

        ByteArrayOutputStream checkpoint = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(checkpoint)) {
            out.writeObject(sim);
        }
        NBody restored;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(checkpoint.toByteArray()))) {
            restored = (NBody) in.readObject();
        }
        restored.simulate(1);
        sim.simulate(1);
        boolean same = energy(restored.bodies) == energy(sim.bodies);
        System.out.printf("nbody %d bodies %d steps: energy %.12e -> %.12e, checkpoint %s%n", n, steps,
                energy(initial), energy(bodies), same ? "restores the same run" : "DIFFERS");
        System.err.println("nbody: force jobs that ran on another node: " + foreign);
    }
}
