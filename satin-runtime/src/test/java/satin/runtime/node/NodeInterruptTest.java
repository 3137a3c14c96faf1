package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.balance.BalancePolicies;
import satin.ipl.registry.RegistryServer;
import satin.runtime.testapps.BlockingMain;

/**
 * A worker node waits for the end of the run for as long as the master's {@code main} runs. Whoever runs the node
 * (an embedding application cancelling it, say) interrupts its thread: the node must then end at once with a
 * failure, not wait on until the master finishes.
 */
@Timeout(120)
class NodeInterruptTest {

    @Test
    void aWorkerNodeWaitingForTheEndOfTheRunEndsWhenInterrupted() throws Exception {
        try (RegistryServer server = TestPoolSecurity.server().start()) {
            String pool = "interrupt-" + System.nanoTime();
            List<Thread> threads = new ArrayList<>();
            List<CompletableFuture<Object>> outcomes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                NodeOptions options = new NodeOptions(server.address(), pool, 2, "n" + i, "c", 1, 2,
                        BalancePolicies.RS, "tcp", "", List.of(), 30_000);
                CompletableFuture<Object> outcome = new CompletableFuture<>();
                Thread t = new Thread(() -> {
                    try {
                        outcome.complete(new SatinNode(options, TestPoolSecurity.settings()).run(BlockingMain.class, new String[0], null));
                    } catch (Throwable e) {
                        outcome.complete(e);
                    }
                }, "node-" + i);
                t.setDaemon(true);
                t.start();
                threads.add(t);
                outcomes.add(outcome);
            }
            try {
                assertTrue(BlockingMain.STARTED.await(60, TimeUnit.SECONDS), "main did not start");
                int worker = awaitThreadIn(threads, "runWorker");
                threads.get(worker).interrupt();
                Object outcome;
                try {
                    outcome = outcomes.get(worker).get(30, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError("the interrupted worker node still waits for the end of the run", e);
                }
                assertInstanceOf(SatinNode.NodeFailure.class, outcome);
                assertTrue(((Throwable) outcome).getMessage().contains("interrupted"), outcome.toString());
            } finally {
                BlockingMain.RELEASE.countDown();
                for (CompletableFuture<Object> o : outcomes) {
                    o.get(60, TimeUnit.SECONDS);
                }
            }
        }
    }

    /** Index of the thread whose stack is in {@code method} (the node has reached that wait). */
    private static int awaitThreadIn(List<Thread> threads, String method) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < threads.size(); i++) {
                Thread t = threads.get(i);
                boolean waiting = t.getState() == Thread.State.WAITING || t.getState() == Thread.State.TIMED_WAITING;
                if (waiting && Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals(method))) {
                    return i;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no node reached " + method);
    }
}
