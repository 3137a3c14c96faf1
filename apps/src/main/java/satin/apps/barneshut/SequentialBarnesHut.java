package satin.apps.barneshut;

/** The sequential baseline: the same simulation and range split, without Satin operations. */
public final class SequentialBarnesHut {

    private SequentialBarnesHut() {
    }

    static double[] accelerations(QuadTree tree, int from, int to, int leafBodies) {
        if (to - from <= leafBodies) {
            return Forces.accelerations(tree, from, to);
        }
        int middle = (from + to) >>> 1;
        return Forces.concat(accelerations(tree, from, middle, leafBodies), accelerations(tree, middle, to, leafBodies));
    }

    public static Bodies compute(Bodies start, int steps, int leafBodies) {
        Bodies bodies = start;
        for (int step = 0; step < steps; step++) {
            QuadTree tree = QuadTree.build(bodies);
            bodies = bodies.advance(accelerations(tree, 0, bodies.count(), leafBodies), BarnesHut.TIME_STEP);
        }
        return bodies;
    }
}
