package satin.runtime.node.loop;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One node's protocol loop: a serial executor of steps, the one owner of the node's protocol state (see the node
 * package's overview for which state and why). Any thread posts; the steps run one at a time, in the order they were
 * posted (per posting thread; between threads, in the order of the queue), on the loop's own thread, or on the
 * message upcall thread when it finds the loop idle ({@link #postOrRun}: the message path then costs no thread
 * hand-off, as before the loop).
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>At most one thread runs steps at any moment: the one that set {@link #owner} from null to itself.</li>
 *   <li>A posted step runs exactly once, unless the loop was closed first (then it is dropped).</li>
 *   <li>No posted step stays queued while the loop is idle: a poster that finds no owner wakes the loop's thread,
 *       and an owner looks at the queue again after it gave up ownership.</li>
 *   <li>Posting never waits and never runs another poster's step, but for the upcall thread's {@link #postOrRun}.</li>
 * </ol>
 * <h2>Why the code keeps them</h2>
 * (1) Ownership is one compare-and-set of {@link #owner}, given up by a volatile write of null after the last step.
 * (2) The queue hands each step to one {@code poll}. (3) A poster offers the step, then reads {@link #owner}; the owner
 * writes null, then reads the queue's emptiness. These are all sequentially consistent operations, so either the
 * poster sees null (and unparks the loop's thread, which then finds the step) or the owner sees the step (and takes
 * ownership again). (4) By construction. Memory ordering: a step's writes happen before the next step's reads, whoever
 * runs them: the owner's null write releases what it wrote, the next owner's compare-and-set acquires it; a step
 * posted by another thread sees what that thread wrote before {@code post} (the queue's offer and poll). So state
 * touched only inside steps needs no lock and no volatile field.
 *
 * <p>A step must not wait for another node or for a lock held across a wait (it would hold up every other step of
 * the node): a send only queues (one writer per peer), a probe runs on its own thread and posts its verdict.
 */
public final class ProtocolLoop implements Confinement, AutoCloseable {

    private final ConcurrentLinkedQueue<Runnable> steps = new ConcurrentLinkedQueue<>();
    /** The thread running steps now, or null while the loop is idle. */
    private final AtomicReference<Thread> owner = new AtomicReference<>();
    private final Thread thread;
    /** What a step that threw is reported to (the run's failure); a step should not throw. */
    private final Consumer<Throwable> failed;
    private volatile boolean closed;

    /** A loop whose thread is called {@code name}; started by {@link #start}. */
    public ProtocolLoop(String name, Consumer<Throwable> failed) {
        this.failed = failed;
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
    }

    /** Starts the loop's thread (once). */
    public void start() {
        thread.start();
    }

    @Override
    public boolean owns() {
        return owner.get() == Thread.currentThread();
    }

    /** Posts {@code step}, for the loop's own thread; returns at once. Dropped once the loop is closed. */
    @Override
    public void post(Runnable step) {
        if (closed) {
            return;
        }
        steps.offer(step);
        if (owner.get() == null) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Posts {@code step} and, when the loop is idle, runs the queued steps on the calling thread until none is left:
     * for the message upcall thread, whose steps then cost no hand-off. Only a thread that may run any step of the
     * node (never a worker, a transport's I/O thread or a thread that holds a lock) calls this.
     */
    public void postOrRun(Runnable step) {
        if (closed) {
            return;
        }
        steps.offer(step);
        drain();
    }

    /**
     * Runs {@code step} on the loop and waits for it, at most {@code timeoutMillis}: for the node's own thread while it
     * sets up (the pool closed, the warm-up done), never for a worker. On the loop itself it runs at once.
     *
     * @throws IllegalStateException if the step threw, did not run within the bound, or the loop is closed
     */
    public void call(Runnable step, long timeoutMillis) throws InterruptedException {
        if (owns()) {
            step.run();
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        post(() -> {
            try {
                step.run();
                done.complete(null);
            } catch (RuntimeException | Error e) {
                done.completeExceptionally(e);
            }
        });
        try {
            done.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a step of the protocol loop failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the protocol loop did not run a step within " + timeoutMillis + " ms"
                    + (closed ? " (closed)" : ""));
        }
    }

    private void drain() {
        Thread me = Thread.currentThread();
        while (!steps.isEmpty() && owner.compareAndSet(null, me)) {
            try {
                Runnable step;
                while ((step = steps.poll()) != null) {
                    run(step);
                }
            } finally {
                owner.set(null);
            }
        }
    }

    private void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException | Error e) {
            failed.accept(e);
        }
    }

    private void loop() {
        while (!closed) {
            drain();
            if (steps.isEmpty() && !closed) {
                LockSupport.park(this); // woken by post; a spurious wake-up only looks at the queue again
            }
        }
    }

    /** Ends the loop: steps queued and posted from now on are dropped; a step running now ends first. */
    @Override
    public void close() {
        closed = true;
        steps.clear();
        LockSupport.unpark(thread);
    }
}
