package satin.apps.barneshut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class BarnesHutTest {

    @Test
    void satinVersionIsBitIdenticalToSequentialForAnyLeafSize() {
        Bodies start = Bodies.randomDisk(1500, 8);
        Bodies expected = SequentialBarnesHut.compute(start, 3, 1500);
        for (int leaf : new int[] {1, 37, 256}) {
            assertTrue(BarnesHut.compute(start, 3, leaf).sameAs(expected), "leaf " + leaf);
        }
        assertFalse(expected.sameAs(start), "bodies moved");
    }

    @Test
    void treeForcesApproximateDirectSummation() {
        Bodies bodies = Bodies.randomDisk(400, 2);
        double[] tree = Forces.accelerations(QuadTree.build(bodies), 0, bodies.count());
        double worst = 0;
        double scale = 0;
        for (int i = 0; i < bodies.count(); i++) {
            double ax = 0;
            double ay = 0;
            for (int j = 0; j < bodies.count(); j++) {
                double dx = bodies.x[j] - bodies.x[i];
                double dy = bodies.y[j] - bodies.y[i];
                double r2 = dx * dx + dy * dy + Forces.SOFTENING * Forces.SOFTENING;
                ax += bodies.mass[j] * dx / (r2 * Math.sqrt(r2));
                ay += bodies.mass[j] * dy / (r2 * Math.sqrt(r2));
            }
            worst = Math.max(worst, Math.hypot(tree[2 * i] - ax, tree[2 * i + 1] - ay));
            scale = Math.max(scale, Math.hypot(ax, ay));
        }
        assertTrue(worst < 0.05 * scale, "largest error " + worst + " against largest force " + scale);
    }

    @Test
    void treeHoldsAllMassEvenForCoincidentBodies() {
        Bodies bodies = new Bodies(new double[] {0, 0, 0, 1}, new double[] {0, 0, 0, 1}, new double[4],
                new double[4], new double[] {1, 2, 3, 4});
        QuadTree tree = QuadTree.build(bodies);
        assertEquals(10, tree.mass[0], 1e-12);
        assertEquals(0.4, tree.massX[0] / tree.mass[0], 1e-12);
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(BarnesHut.USAGE, 4, BarnesHut::run, "800", "2", "1", "64");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }
}
