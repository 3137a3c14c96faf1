package satin.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import satin.runtime.spawn.Worker;
import satin.runtime.spawn.WorkerPool;
import satin.runtime.spawn.WorkerStatistics;

/**
 * A Satin runtime in one JVM: a pool of worker threads that run spawnable calls with work stealing.
 *
 * <p>Life cycle: {@link #start} the workers, run code on them with {@link #call} or {@link #runMain} (from
 * any thread; the caller blocks until the code returns) or {@link #submit} (the caller gets a future), then
 * {@link #close()} to stop them. Several runtimes can live in one JVM; a spawn belongs to the runtime of the
 * worker thread that makes it. How spawns, syncs and steals work is described in {@link satin.runtime.spawn.Worker}.
 *
 * <h2>Embedding</h2>
 * A program that is not shaped around {@code main} (a server running one divide-and-conquer computation per
 * request) keeps a runtime and submits calls to it:
 * <pre>
 *   try (SatinRuntime satin = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(4))) {
 *       CompletableFuture&lt;Long&gt; answer = satin.submit(() -&gt; {
 *           Fib fib = new Fib();
 *           long n = fib.fib(40);   // spawned: the lambda is rewritten like any method
 *           fib.sync();
 *           return n;
 *       });
 *       System.out.println(answer.get());
 *   }
 * </pre>
 * Submissions from any number of threads run concurrently on the same workers.
 */
public final class SatinRuntime implements AutoCloseable {

    private final RuntimeConfig config;
    private final WorkerPool pool;
    private boolean closed;

    private SatinRuntime(RuntimeConfig config) {
        this.config = config;
        this.pool = new WorkerPool(config.name(), config.workers(), config.inlineThreshold(),
                config.externalWork(), config.trace(), config.timeline(), config.salvaged(),
                config.loopSplitting());
    }

    /** A runtime with one worker per available processor ({@link RuntimeConfig#defaults()}). */
    public static SatinRuntime start() {
        return start(RuntimeConfig.defaults());
    }

    /** Creates a runtime and starts its workers. */
    public static SatinRuntime start(RuntimeConfig config) {
        SatinRuntime runtime = new SatinRuntime(config);
        runtime.pool.start();
        return runtime;
    }

    public RuntimeConfig config() {
        return config;
    }

    /** The worker pool, for layers that move work between runtimes (remote stealing). */
    public WorkerPool pool() {
        return pool;
    }

    /**
     * Runs {@code task} on a worker and waits for it; spawns it makes are spread over all workers. Returns
     * what the task returns and throws what it throws. Called on a worker of this runtime, it runs the task
     * right there (blocking a worker on its own pool could leave no worker to run the task).
     */
    public <T> T call(Callable<T> task) throws Exception {
        if (Thread.currentThread() instanceof Worker w && w.pool() == pool) {
            return task.call();
        }
        RootJob<T> job = submitRoot(task, false);
        try {
            return job.outcome.get();
        } catch (ExecutionException e) {
            throw unwrap(e.getCause(), e);
        }
    }

    /**
     * Starts {@code task} on a worker and returns at once; the future completes with what the task returns or
     * throws. Spawns the task makes are spread over all workers. Called on a worker of this runtime, the task runs
     * right there before this returns (a worker must not wait for its own pool).
     *
     * @throws IllegalStateException if the runtime was closed
     */
    public <T> CompletableFuture<T> submit(Callable<T> task) {
        if (Thread.currentThread() instanceof Worker w && w.pool() == pool) {
            try {
                return CompletableFuture.completedFuture(task.call());
            } catch (Throwable t) {
                return CompletableFuture.failedFuture(t);
            }
        }
        return submitRoot(task, false).outcome.copy();
    }

    /** @param reExecution whether the task re-executes lost work: its spawns are looked up in the salvaged results */
    private synchronized <T> RootJob<T> submitRoot(Callable<T> task, boolean reExecution) {
        if (closed) {
            throw new IllegalStateException("runtime '" + config.name() + "' is closed");
        }
        RootJob<T> job = new RootJob<>(task);
        if (reExecution) {
            pool.submitReExecution(job);
        } else {
            pool.submit(job);
        }
        return job;
    }

    /**
     * Runs {@code mainClass.main(args)} on a worker, with the class's loader as the workers' context class
     * loader, and waits for it to return. Throws what {@code main} throws.
     *
     * @throws NoSuchMethodException if the class has no {@code public static void main(String[])}
     */
    public void runMain(Class<?> mainClass, String... args) throws Exception {
        runMain(mainClass, args, false);
    }

    /**
     * As {@link #runMain(Class, String...)}, for a node that takes over from a master that died: {@code main} runs
     * again as the re-execution of lost work, so that while the pool's salvaged results hold entries nobody claimed
     * yet, its spawns are looked up there first (see {@link satin.runtime.spawn.SalvagedLookup}) and only the work that died with the
     * old master is done again. Only for runtimes that survive crashes.
     */
    public void runMainAgain(Class<?> mainClass, String... args) throws Exception {
        if (pool.salvaged() == null) {
            throw new IllegalStateException("runtime '" + config.name() + "' does not survive crashes");
        }
        runMain(mainClass, args, true);
    }

    private void runMain(Class<?> mainClass, String[] args, boolean reExecution) throws Exception {
        Method main = mainMethod(mainClass);
        pool.setContextClassLoader(mainClass.getClassLoader());
        Callable<Void> task = () -> {
            try {
                main.invoke(null, (Object) args);
            } catch (InvocationTargetException e) {
                throw unwrap(e.getCause(), e);
            }
            return null;
        };
        if (!reExecution) {
            call(task); // on a worker of this runtime, main runs right there
            return;
        }
        RootJob<Void> job = submitRoot(task, true);
        try {
            job.outcome.get();
        } catch (ExecutionException e) {
            throw unwrap(e.getCause(), e);
        }
    }

    /** What to throw for {@code cause}: itself if an exception (errors are thrown here), else {@code wrapper}. */
    private static Exception unwrap(Throwable cause, Exception wrapper) {
        if (cause instanceof Exception ex) {
            return ex;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return wrapper;
    }

    private static Method mainMethod(Class<?> mainClass) throws NoSuchMethodException {
        Method main;
        try {
            main = mainClass.getMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
            throw new NoSuchMethodException(mainClass.getName() + " has no public static void main(String[])");
        }
        if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
            throw new NoSuchMethodException(mainClass.getName() + ".main(String[]) is not static void");
        }
        main.setAccessible(true);
        return main;
    }

    /** Per-worker statistics in worker order; exact after {@link #close()}. */
    public List<WorkerStatistics> statistics() {
        return pool.statistics();
    }

    /** Stops the workers once they finished their current job and waits for them. Idempotent. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            pool.shutdown();
        }
    }
}
