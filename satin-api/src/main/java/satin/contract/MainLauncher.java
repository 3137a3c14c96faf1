package satin.contract;

/**
 * The service a runtime offers for {@link MainEntry}: runs a program's {@code main} on the workers of a runtime
 * it starts, configured from the JVM's system properties and environment. A runtime library lists its
 * implementation in {@code META-INF/services/satin.contract.MainLauncher}; the contract finds it with
 * {@link java.util.ServiceLoader} through the main class's loader, so it never names a runtime.
 */
public interface MainLauncher {

    /**
     * Starts a runtime as the settings say, runs {@code mainClass.main(args)} on it (on one JVM, or as one node of
     * a pool, where only the elected master runs it), stops the runtime and returns. Called on a thread that is
     * not a {@link SpawnThread}.
     *
     * @return false if the settings ask for no runtime ({@code satin.bootstrap=off}): the caller runs {@code main}
     *         itself, sequentially
     * @throws Throwable what {@code main} threw, or an exception naming what went wrong (a bad setting, a node
     *                   that failed), never {@code System.exit}
     */
    boolean launch(Class<?> mainClass, String[] args) throws Throwable;
}
