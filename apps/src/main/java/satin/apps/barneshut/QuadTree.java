package satin.apps.barneshut;

import java.util.Arrays;

/**
 * A Barnes-Hut quadtree over the bodies' positions, stored in flat arrays (plain data, shipped with every
 * force job). Bodies are inserted one by one in index order; a leaf holding one body splits when a second
 * arrives, except below a minimum cell size, where bodies share the leaf (coincident bodies would split
 * forever). Masses and centres of mass are summed afterwards from the highest node index down: children
 * always have higher indices than their parent. Every step is sequential and in a fixed order, so the tree,
 * and thus every force, is the same bit for bit in every run.
 */
public final class QuadTree {

    static final int EMPTY = -1;
    static final int INTERNAL = -2;

    final double[] bodyX;
    final double[] bodyY;
    double[] centreX;
    double[] centreY;
    double[] half;
    double[] mass;
    double[] massX;
    double[] massY;
    int[] firstChild;
    int[] body;
    int nodes;

    private QuadTree(double[] bodyX, double[] bodyY) {
        this.bodyX = bodyX;
        this.bodyY = bodyY;
        int capacity = Math.max(16, 2 * bodyX.length);
        centreX = new double[capacity];
        centreY = new double[capacity];
        half = new double[capacity];
        mass = new double[capacity];
        massX = new double[capacity];
        massY = new double[capacity];
        firstChild = new int[capacity];
        body = new int[capacity];
    }

    /** The tree of the bodies' current positions. */
    public static QuadTree build(Bodies bodies) {
        QuadTree tree = new QuadTree(bodies.x, bodies.y);
        double minX = Double.POSITIVE_INFINITY;
        double minY = Double.POSITIVE_INFINITY;
        double maxX = Double.NEGATIVE_INFINITY;
        double maxY = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < bodies.count(); i++) {
            minX = Math.min(minX, bodies.x[i]);
            minY = Math.min(minY, bodies.y[i]);
            maxX = Math.max(maxX, bodies.x[i]);
            maxY = Math.max(maxY, bodies.y[i]);
        }
        double size = Math.max(Math.max(maxX - minX, maxY - minY), 1e-12) / 2 * 1.0001;
        tree.addNode((minX + maxX) / 2, (minY + maxY) / 2, size);
        double minHalf = size * 1e-10;
        for (int i = 0; i < bodies.count(); i++) {
            tree.insert(i, bodies.mass[i], minHalf);
        }
        tree.sumMasses();
        return tree;
    }

    private int addNode(double cx, double cy, double h) {
        if (nodes == half.length) {
            int capacity = 2 * nodes;
            centreX = Arrays.copyOf(centreX, capacity);
            centreY = Arrays.copyOf(centreY, capacity);
            half = Arrays.copyOf(half, capacity);
            mass = Arrays.copyOf(mass, capacity);
            massX = Arrays.copyOf(massX, capacity);
            massY = Arrays.copyOf(massY, capacity);
            firstChild = Arrays.copyOf(firstChild, capacity);
            body = Arrays.copyOf(body, capacity);
        }
        centreX[nodes] = cx;
        centreY[nodes] = cy;
        half[nodes] = h;
        body[nodes] = EMPTY;
        firstChild[nodes] = -1;
        return nodes++;
    }

    private void insert(int i, double m, double minHalf) {
        int node = 0;
        while (true) {
            if (body[node] == EMPTY || (body[node] >= 0 && half[node] < minHalf)) {
                if (body[node] == EMPTY) {
                    body[node] = i;
                }
                mass[node] += m;
                massX[node] += m * bodyX[i];
                massY[node] += m * bodyY[i];
                return;
            }
            if (body[node] >= 0) {
                split(node);
            }
            node = childFor(node, bodyX[i], bodyY[i]);
        }
    }

    /** Turns a one-body leaf into an internal node whose four children are new leaves. */
    private void split(int node) {
        int resident = body[node];
        double residentMass = mass[node];
        double h = half[node] / 2;
        int first = addNode(centreX[node] - h, centreY[node] - h, h);
        addNode(centreX[node] + h, centreY[node] - h, h);
        addNode(centreX[node] - h, centreY[node] + h, h);
        addNode(centreX[node] + h, centreY[node] + h, h);
        firstChild[node] = first;
        body[node] = INTERNAL;
        mass[node] = 0;
        massX[node] = 0;
        massY[node] = 0;
        int child = childFor(node, bodyX[resident], bodyY[resident]);
        body[child] = resident;
        mass[child] = residentMass;
        massX[child] = residentMass * bodyX[resident];
        massY[child] = residentMass * bodyY[resident];
    }

    private int childFor(int node, double px, double py) {
        int quadrant = (px >= centreX[node] ? 1 : 0) + (py >= centreY[node] ? 2 : 0);
        return firstChild[node] + quadrant;
    }

    private void sumMasses() {
        for (int node = nodes - 1; node >= 0; node--) {
            if (body[node] == INTERNAL) {
                int first = firstChild[node];
                for (int c = first; c < first + 4; c++) {
                    mass[node] += mass[c];
                    massX[node] += massX[c];
                    massY[node] += massY[c];
                }
            }
        }
    }
}
