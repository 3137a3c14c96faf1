package satin.apps.cases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import satin.apps.barneshut.BarnesHut;
import satin.apps.barneshut.Bodies;
import satin.apps.barneshut.SequentialBarnesHut;
import satin.apps.fib.Fib;
import satin.apps.fib.SequentialFib;
import satin.apps.gametree.GameTree;
import satin.apps.gametree.Geometry;
import satin.apps.gametree.Position;
import satin.apps.gametree.SequentialGameTree;
import satin.apps.integrate.Integrate;
import satin.apps.integrate.SequentialIntegrate;
import satin.apps.kmeans.Clustering;
import satin.apps.kmeans.KMeans;
import satin.apps.kmeans.SequentialKMeans;
import satin.apps.knapsack.Items;
import satin.apps.knapsack.Knapsack;
import satin.apps.knapsack.SequentialKnapsack;
import satin.apps.matmul.MatMul;
import satin.apps.matmul.SequentialMatMul;
import satin.apps.mergesort.MergeSort;
import satin.apps.mergesort.SequentialMergeSort;
import satin.apps.nqueens.NQueens;
import satin.apps.nqueens.SequentialNQueens;
import satin.apps.raytracer.RayTracer;
import satin.apps.raytracer.Scene;
import satin.apps.raytracer.Scenes;
import satin.apps.raytracer.SequentialRayTracer;
import satin.apps.styles.KnapsackStyle;
import satin.apps.styles.MatMulStyle;
import satin.apps.styles.QueensStyle;
import satin.apps.styles.SequentialKnapsackStyle;
import satin.apps.styles.SequentialMatMulStyle;
import satin.apps.styles.SequentialQueensStyle;
import satin.apps.tsp.DistanceTable;
import satin.apps.tsp.SequentialTsp;
import satin.apps.tsp.Tsp;

/**
 * The applications at the sizes the benchmark uses: {@link Scale#STANDARD} takes a few seconds per
 * sequential run on a current core, {@link Scale#QUICK} a fraction of a second (for smoke tests). Inputs
 * are built only for the cases asked for, before any timing.
 */
public final class BenchCases {

    /** How big the problems are. */
    public enum Scale { STANDARD, QUICK }

    private BenchCases() {
    }

    /** Every application, in a fixed order, as suppliers that build the inputs when called. */
    public static Map<String, Supplier<BenchCase>> all(Scale scale) {
        boolean quick = scale == Scale.QUICK;
        Map<String, Supplier<BenchCase>> cases = new LinkedHashMap<>();
        cases.put("fib", () -> fib(quick ? 25 : 42));
        cases.put("integrate", () -> integrate(quick ? 50 : 20_000, quick ? 8 : 10, 20));
        cases.put("nqueens", () -> nqueens(quick ? 10 : 15, 3));
        cases.put("tsp", () -> tsp(quick ? 10 : 16, 42, 3));
        cases.put("raytracer", () -> raytracer("balls2", quick ? 96 : 1024, 256));
        cases.put("knapsack", () -> knapsack(quick ? 30 : 64, 7, 10));
        cases.put("matmul", () -> matmul(quick ? 128 : 1024, 64));
        cases.put("barneshut", () -> barneshut(quick ? 3000 : 40_000, quick ? 2 : 8, 256));
        cases.put("mergesort", () -> mergesort(quick ? 200_000 : 10_000_000, 8192));
        cases.put("gametree", () -> gametree(quick ? 6 : 13, 3));
        cases.put("kmeans", () -> kmeans(quick ? 20_000 : 1_000_000, 8, 2, quick ? 10 : 30));
        return cases;
    }

    /**
     * The programs of {@code satin.apps.styles} (own cut-offs, spawns in loops and several per level) with their
     * sequential twins, for {@code satin bench styles}.
     */
    public static Map<String, Supplier<BenchCase>> styles(Scale scale) {
        boolean quick = scale == Scale.QUICK;
        Map<String, Supplier<BenchCase>> cases = new LinkedHashMap<>();
        cases.put("queens-loop", () -> queensStyle(quick ? 9 : 14, 4));
        cases.put("knapsack-two", () -> knapsackStyle(quick ? 16 : 30, 12));
        cases.put("matmul-eight", () -> matmulStyle(quick ? 128 : 1024, 64));
        return cases;
    }

    static BenchCase queensStyle(int n, int cutoff) {
        return BenchCase.of("queens-loop", "N=" + n + ", spawn per column to row " + cutoff,
                () -> SequentialQueensStyle.compute(n), () -> QueensStyle.compute(n, cutoff));
    }

    static BenchCase knapsackStyle(int count, int cutoff) {
        int[] weights = SequentialKnapsackStyle.random(count, 11);
        int[] values = SequentialKnapsackStyle.random(count, 12);
        int capacity = java.util.Arrays.stream(weights).sum() / 2;
        return BenchCase.of("knapsack-two", count + " items, 2 spawns per item to item " + cutoff,
                () -> SequentialKnapsackStyle.compute(weights, values, capacity),
                () -> KnapsackStyle.compute(weights, values, capacity, cutoff));
    }

    static BenchCase matmulStyle(int n, int cutoff) {
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        return BenchCase.of("matmul-eight", n + "x" + n + ", 8 spawns per level to " + cutoff,
                () -> SequentialMatMulStyle.compute(a, b, n, cutoff), () -> MatMulStyle.compute(a, b, n, cutoff));
    }

    static BenchCase fib(int n) {
        return BenchCase.of("fib", "n=" + n, () -> SequentialFib.fib(n), () -> Fib.compute(n));
    }

    static BenchCase integrate(int length, int digits, int spawnLevels) {
        return BenchCase.of("integrate", "length=" + length + " digits=" + digits + " levels=" + spawnLevels,
                () -> SequentialIntegrate.compute(length, digits),
                () -> Integrate.compute(length, digits, spawnLevels));
    }

    static BenchCase nqueens(int n, int spawnRows) {
        return BenchCase.of("nqueens", "N=" + n + " spawn rows=" + spawnRows,
                () -> SequentialNQueens.compute(n, spawnRows), () -> NQueens.compute(n, spawnRows));
    }

    static BenchCase gametree(int depth, int spawnDepth) {
        Position root = Position.empty(Geometry.of(Geometry.MAX_WIDTH, Geometry.MAX_HEIGHT));
        return BenchCase.of("gametree", "connect four 7x6, depth " + depth + ", spawn depth " + spawnDepth,
                () -> SequentialGameTree.compute(root, depth), () -> GameTree.compute(root, depth, spawnDepth));
    }

    static BenchCase kmeans(int count, int clusters, int dimensions, int rounds) {
        int[] points = KMeans.data(count, dimensions, clusters, 11);
        int leaf = Math.max(1000, count / 256);
        return new BenchCase("kmeans", count + " points, " + clusters + " clusters, " + rounds + " rounds",
                () -> SequentialKMeans.compute(points, dimensions, clusters, rounds),
                () -> KMeans.compute(points, dimensions, clusters, rounds, leaf),
                (a, b) -> ((Clustering) a).sameAs((Clustering) b));
    }

    static BenchCase tsp(int cities, long seed, int spawnDepth) {
        DistanceTable table = DistanceTable.random(cities, seed);
        return BenchCase.of("tsp", cities + " cities, spawn depth " + spawnDepth,
                () -> SequentialTsp.compute(table, spawnDepth), () -> Tsp.compute(table, spawnDepth));
    }

    static BenchCase raytracer(String sceneName, int size, int leafPixels) {
        Scene scene;
        try {
            scene = Scenes.bundled(sceneName).resized(size, size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return BenchCase.of("raytracer", sceneName + " " + size + "x" + size,
                () -> SequentialRayTracer.compute(scene, leafPixels), () -> RayTracer.compute(scene, leafPixels));
    }

    static BenchCase knapsack(int count, long seed, int spawnDepth) {
        Items items = Items.random(count, seed);
        return BenchCase.of("knapsack", count + " items, spawn depth " + spawnDepth,
                () -> SequentialKnapsack.compute(items, spawnDepth), () -> Knapsack.compute(items, spawnDepth));
    }

    static BenchCase matmul(int n, int leafSize) {
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        return BenchCase.of("matmul", n + "x" + n + ", leaf " + leafSize,
                () -> SequentialMatMul.compute(a, b, n, leafSize), () -> MatMul.compute(a, b, n, leafSize));
    }

    static BenchCase barneshut(int count, int steps, int leafBodies) {
        Bodies start = Bodies.randomDisk(count, 5);
        return new BenchCase("barneshut", count + " bodies, " + steps + " steps",
                () -> SequentialBarnesHut.compute(start, steps, leafBodies),
                () -> BarnesHut.compute(start, steps, leafBodies),
                (x, y) -> ((Bodies) x).sameAs((Bodies) y));
    }

    static BenchCase mergesort(int size, int leafSize) {
        int[] data = MergeSort.random(size, 3);
        return BenchCase.of("mergesort", size + " ints, leaf " + leafSize,
                () -> SequentialMergeSort.compute(data, leafSize), () -> MergeSort.compute(data, leafSize));
    }
}
