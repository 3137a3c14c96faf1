package satin.apps.tsp;

import java.util.SplittableRandom;

/**
 * Integer distances between cities (rounded Euclidean distances of seeded random points in a 1000 x 1000
 * square), plus each city's cheapest outgoing edge for the lower bound. Plain arrays: it is the parameter
 * every job carries, as in the paper. Integer lengths make "the same optimum" an exact comparison.
 */
public final class DistanceTable {

    final int cities;
    final int[] distance;
    final int[] cheapestEdge;

    DistanceTable(int cities, int[] distance) {
        this.cities = cities;
        this.distance = distance;
        this.cheapestEdge = new int[cities];
        for (int from = 0; from < cities; from++) {
            int cheapest = Integer.MAX_VALUE;
            for (int to = 0; to < cities; to++) {
                if (to != from) {
                    cheapest = Math.min(cheapest, distance[from * cities + to]);
                }
            }
            cheapestEdge[from] = cities == 1 ? 0 : cheapest;
        }
    }

    public static DistanceTable random(int cities, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[cities];
        double[] y = new double[cities];
        for (int i = 0; i < cities; i++) {
            x[i] = random.nextDouble(1000);
            y[i] = random.nextDouble(1000);
        }
        int[] distance = new int[cities * cities];
        for (int i = 0; i < cities; i++) {
            for (int j = 0; j < cities; j++) {
                distance[i * cities + j] = (int) Math.round(Math.hypot(x[i] - x[j], y[i] - y[j]));
            }
        }
        return new DistanceTable(cities, distance);
    }

    public int cities() {
        return cities;
    }

    public int between(int from, int to) {
        return distance[from * cities + to];
    }
}
