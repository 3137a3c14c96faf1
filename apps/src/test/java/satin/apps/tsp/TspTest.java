package satin.apps.tsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.apps.common.MainRun;

class TspTest {

    @Test
    void optimumEqualsExhaustiveSearchOnSmallInstances() {
        for (long seed = 1; seed <= 6; seed++) {
            for (int cities = 1; cities <= 8; cities++) {
                DistanceTable table = DistanceTable.random(cities, seed);
                int exhaustive = exhaustive(table);
                for (int depth = 0; depth <= 3; depth++) {
                    assertEquals(exhaustive, Tsp.compute(table, depth), cities + " cities seed " + seed);
                    assertEquals(exhaustive, SequentialTsp.compute(table, depth));
                }
            }
        }
    }

    @Test
    void satinVersionEqualsSequentialOnALargerInstance() {
        DistanceTable table = DistanceTable.random(11, 99);
        assertEquals(SequentialTsp.compute(table, 0), Tsp.compute(table, 3));
        assertTrue(Tsp.compute(table, 2) <= Tour.nearestNeighbour(table));
    }

    @Test
    void mainReportsAPassedSelfCheck() throws Exception {
        MainRun run = MainRun.of(Tsp.USAGE, 3, Tsp::run, "9", "3", "2");
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("self-check passed"), run.out());
    }

    /** The shortest tour by trying every order of cities 1..n-1 (Heap's algorithm). */
    private static int exhaustive(DistanceTable table) {
        int n = table.cities();
        int[] order = new int[n - 1];
        for (int i = 0; i < order.length; i++) {
            order[i] = i + 1;
        }
        int best = length(table, order);
        int[] c = new int[order.length];
        int i = 0;
        while (i < order.length) {
            if (c[i] < i) {
                int j = i % 2 == 0 ? 0 : c[i];
                int swap = order[j];
                order[j] = order[i];
                order[i] = swap;
                best = Math.min(best, length(table, order));
                c[i]++;
                i = 0;
            } else {
                c[i] = 0;
                i++;
            }
        }
        return best;
    }

    private static int length(DistanceTable table, int[] order) {
        int last = 0;
        int length = 0;
        for (int city : order) {
            length += table.between(last, city);
            last = city;
        }
        return length + table.between(last, 0);
    }
}
