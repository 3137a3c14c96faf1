package satin.apps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import satin.apps.barneshut.BarnesHut;
import satin.apps.cases.BenchCase;
import satin.apps.cases.BenchCases;
import satin.apps.fib.Fib;
import satin.apps.integrate.Integrate;
import satin.apps.knapsack.Knapsack;
import satin.apps.matmul.MatMul;
import satin.apps.mergesort.MergeSort;
import satin.apps.nqueens.NQueens;
import satin.apps.raytracer.RayTracer;
import satin.apps.raytracer.Scene;
import satin.apps.raytracer.Scenes;
import satin.apps.raytracer.SequentialRayTracer;
import satin.apps.tsp.Tsp;
import satin.contract.ContractNames;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.runtime.spawn.WorkerStatistics;

/**
 * Every application, rewritten, on real Satin runtimes with several workers gives the sequential answer:
 * once with the default inline threshold and once with every spawn queued (the most stealing).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class ParallelAppsTest {

    private SatinRuntime usual;
    private SatinRuntime everySpawnQueued;

    @BeforeAll
    void start() {
        usual = SatinRuntime.start(RuntimeConfig.defaults().withName("apps-test").withWorkers(3));
        everySpawnQueued = SatinRuntime.start(RuntimeConfig.defaults().withName("apps-test-queued").withWorkers(2)
                .withInlineThreshold(Integer.MAX_VALUE));
    }

    @AfterAll
    void stop() {
        usual.close();
        everySpawnQueued.close();
    }

    @Test
    void theApplicationClassesAreRewritten() throws IOException {
        for (Class<?> app : List.of(Fib.class, Integrate.class, NQueens.class, Tsp.class, RayTracer.class,
                Knapsack.class, MatMul.class, BarnesHut.class, MergeSort.class)) {
            assertTrue(carriesTheRewrittenMark(app), app.getName() + " is rewritten by satin-maven-plugin");
        }
    }

    /** The mark is retained in the class file only: look for its descriptor in the constant pool. */
    private static boolean carriesTheRewrittenMark(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1)
                    .contains(ContractNames.REWRITTEN_DESCRIPTOR);
        }
    }

    Stream<Arguments> cases() {
        return BenchCases.all(BenchCases.Scale.QUICK).keySet().stream()
                .flatMap(name -> Stream.of(Arguments.of(name, "usual"), Arguments.of(name, "every spawn queued")));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("cases")
    void givesTheSequentialAnswerOnSeveralWorkers(String name, String runtimeKind) throws Exception {
        BenchCase app = BenchCases.all(BenchCases.Scale.QUICK).get(name).get();
        Object expected = app.sequential().call();
        SatinRuntime runtime = runtimeKind.equals("usual") ? usual : everySpawnQueued;
        Object result = runtime.call(app.satin());
        assertTrue(app.sameAnswer().test(expected, result), name + " gives the sequential answer");
    }

    @Test
    void singlePixelJobsGiveTheSequentialImage() throws Exception {
        Scene scene = Scenes.bundled("balls2").resized(24, 20);
        int[] expected = SequentialRayTracer.compute(scene, 1 << 20);
        assertArrayEquals(expected, everySpawnQueued.call(() -> RayTracer.compute(scene, 1)));
        assertArrayEquals(expected, usual.call(() -> RayTracer.compute(scene, 1)));
    }

    @Test
    void jobsReallyRunOnOtherWorkers() throws Exception {
        WorkerStatistics total;
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("apps-steal")
                .withWorkers(2).withInlineThreshold(Integer.MAX_VALUE))) {
            assertEquals(832040L, runtime.call(() -> Fib.compute(30)));
            runtime.close();
            total = runtime.statistics().stream().reduce(WorkerStatistics.zero(), WorkerStatistics::plus);
        }
        assertTrue(total.spawns() > total.spawnsInlined(), "spawns were queued: " + total);
        assertTrue(total.jobsExecuted() > 0, "queued jobs ran: " + total);
        // with every spawn queued, every spawnable call reaches the runtime and is counted: fib(30) makes
        // 2 * (fib(31) - 1) spawns, the root call (Fib.compute's) included
        assertEquals(2L * (1_346_269 - 1) + 1, total.spawns(), total.toString());
        assertEquals(0, total.spawnsInlined(), total.toString());
    }

    /**
     * What {@code spawns} counts with the default threshold: the spawns the runtime saw (queued, or asked about and
     * run inline), not the plain calls of the rewritten fast path; the queued ones stay exact (each ran once).
     */
    @Test
    void statisticsCountTheSpawnsTheRuntimeSaw() throws Exception {
        WorkerStatistics total;
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("apps-stats")
                .withWorkers(1))) {
            assertEquals(832040L, runtime.call(() -> Fib.compute(30)));
            runtime.close();
            total = runtime.statistics().stream().reduce(WorkerStatistics.zero(), WorkerStatistics::plus);
        }
        long spawnableCalls = 2L * (1_346_269 - 1) + 1;
        assertTrue(total.spawns() > total.spawnsInlined(), "some spawns were queued: " + total);
        assertTrue(total.spawns() < spawnableCalls / 10, "the fast path's plain calls are not counted: " + total);
        assertEquals(total.spawns() - total.spawnsInlined(), total.jobsExecuted() - 1,
                "every queued spawn ran once, beside the root job: " + total);
    }
}
