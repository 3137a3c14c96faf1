package satin.virtual;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.runtime.RuntimeConfig;
import satin.runtime.SatinRuntime;
import satin.simulator.workload.SimJob;
import satin.simulator.workload.Workload;

/**
 * Several virtual-work nodes in one JVM ({@link VirtualNode}): each node's runtime, started on a thread of its group,
 * waits at that node's speed and counts into that node's ledger only; a warm-up tree counts nowhere.
 */
@Timeout(120)
class VirtualNodeTest {
    private static final String TREE = VirtualWorkTest.TREE;

    /** Runs the tree on a one-worker runtime started on a thread of {@code node}; returns the root's result. */
    private static VirtualResult runOn(VirtualNode node, VirtualWork program) throws Exception {
        CompletableFuture<VirtualResult> result = new CompletableFuture<>();
        Thread t = new Thread(node, () -> {
            try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName(node.getName()).withWorkers(1))) {
                result.complete(runtime.call(program::compute));
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, node.getName() + "-starter");
        t.start();
        VirtualResult r = result.get();
        t.join();
        return r;
    }

    private static long waitsAt(double speed, Workload w) {
        VirtualWork at = new VirtualWork(TREE, 7, 1, speed, null);
        long sum = 0;
        for (SimJob j : VirtualWorkTest.jobs(w)) {
            sum += at.waitNanos(j.ownNanos, j.childCount);
        }
        return sum;
    }

    @Test
    void twoNodesInOneJvmWaitAtTheirOwnSpeedsIntoTheirOwnLedgers() throws Exception {
        Workload w = TreeSpec.resolve(TREE, 7);
        VirtualNode slow = new VirtualNode("slow", 1);
        VirtualNode fast = new VirtualNode("fast", 2);
        long jvmJobs = WaitLedger.JVM.jobs();
        VirtualResult a = runOn(slow, new VirtualWork(TREE, 7, 1));
        VirtualResult b = runOn(fast, new VirtualWork(TREE, 7, 1));
        assertEquals(w.sequentialNanos(), a.workNanos());
        assertEquals(w.sequentialNanos(), b.workNanos());
        assertEquals(a.jobs(), slow.ledger().jobs(), "every job counted by the node that ran it");
        assertEquals(b.jobs(), fast.ledger().jobs());
        assertEquals(waitsAt(1, w), slow.ledger().waitedNanos(), "speed 1: the tree's own times");
        assertEquals(waitsAt(2, w), fast.ledger().waitedNanos(), "speed 2: half of each");
        assertEquals(w.sequentialNanos() / 2, fast.ledger().waitedNanos(), "(every own time here is even)");
        assertEquals(jvmJobs, WaitLedger.JVM.jobs(), "the JVM's ledger saw none of them");
    }

    @Test
    void aWarmUpTreeRunsButCountsInNoLedger() throws Exception {
        VirtualNode node = new VirtualNode("warm", 1);
        VirtualWork warmUp = new VirtualWork(TREE, 7, 1).warmUpProgram(0.05);
        VirtualResult r = runOn(node, warmUp);
        assertEquals(Math.max(512, Math.round(TreeSpec.resolve(TREE, 7).sequentialNanos() * 0.05)), r.workNanos(),
                "the warm-up tree holds 5% of the tree's work");
        assertEquals(0, node.ledger().jobs());
        assertEquals(0, node.ledger().waitedNanos());
    }

    @Test
    void theNodesTreeWatcherHearsTheMeasuredTreeStartAndEndOnceAfterTheWarmUp() throws Exception {
        VirtualNode node = new VirtualNode("master", 1);
        java.util.List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        node.watchTree(new VirtualNode.TreeWatcher() {
            @Override
            public void measuredTreeStarts() {
                heard.add("start, jobs counted " + node.ledger().jobs());
            }

            @Override
            public void measuredTreeEnded() {
                heard.add("end, jobs counted " + node.ledger().jobs());
            }
        });
        CompletableFuture<Integer> status = new CompletableFuture<>();
        Thread t = new Thread(node, () -> {
            try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withName("master").withWorkers(1))) {
                java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
                status.complete(runtime.call(() -> VirtualWork.run(new String[] {TREE, "--seed", "7", "--warm-up", "0.05"}, quiet, quiet)));
            } catch (Throwable e) {
                status.completeExceptionally(e);
            }
        }, "master-starter");
        t.start();
        assertEquals(0, status.get());
        t.join();
        long jobs = VirtualWorkTest.jobs(TreeSpec.resolve(TREE, 7)).size();
        assertEquals(java.util.List.of("start, jobs counted 0", "end, jobs counted " + jobs), heard,
                "once each, around the measured tree only (the warm-up's jobs count nowhere)");
    }

    @Test
    void aLedgerIsWrittenWithItsNodesSpeed(@TempDir Path dir) throws Exception {
        VirtualNode node = new VirtualNode("written", 0.5);
        runOn(node, new VirtualWork(TREE, 7, 1));
        Path file = dir.resolve("ledger.json");
        node.ledger().write(file, node.speed());
        String json = Files.readString(file);
        assertEquals(true, json.contains("\"jobs\":" + node.ledger().jobs() + ","), json);
        assertEquals(true, json.contains("\"speed\":0.5"), json);
    }

    @Test
    void aBadSpeedIsRefusedNamingTheNode() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new VirtualNode("n3", 0));
        assertEquals(true, e.getMessage().contains("n3") && e.getMessage().contains("speed"), e.getMessage());
    }
}
