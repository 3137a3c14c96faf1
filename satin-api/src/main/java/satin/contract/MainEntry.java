package satin.contract;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Where the {@code main} of a rewritten program enters a runtime. The rewriter puts
 * <pre>
 *   if (MainEntry.enter(Host.class, args)) return;
 * </pre>
 * at the start of {@code public static void main(String[])} of every class that spawns or syncs (and of every
 * class marked {@link satin.SatinMain}), so a program started with plain {@code java} runs on all cores the way
 * {@code satin run} runs it.
 *
 * <ul>
 *   <li>On a runtime's worker ({@code satin run}, a runtime's {@code runMain}, a {@code main} called from a spawned
 *       job) it returns false at once: {@code main} runs right there, as before.</li>
 *   <li>Otherwise it asks the runtime on the main class's class path ({@link MainLauncher}, found with
 *       {@link ServiceLoader}) to start a runtime and run {@code main} on it; that call re-enters {@code main} on a
 *       worker, where this method returns false. When it is done this method returns true and the original
 *       {@code main} returns; what {@code main} threw is rethrown here.</li>
 *   <li>With no runtime on the class path, or {@code satin.bootstrap=off} (system property, or the environment
 *       variable {@code SATIN_BOOTSTRAP}), it returns false and {@code main} runs sequentially; without a runtime
 *       it says so once on standard error, so a program never runs sequentially without a word.</li>
 * </ul>
 */
public final class MainEntry {

    /** The setting that turns the start of a runtime off. */
    public static final String BOOTSTRAP = "satin.bootstrap";

    private static volatile boolean warned;

    private MainEntry() {
    }

    /**
     * @return true if {@code main} already ran on a runtime (the caller returns), false if the caller runs it
     */
    public static boolean enter(Class<?> mainClass, String[] args) {
        if (Thread.currentThread() instanceof SpawnThread || !bootstrapOn()) {
            return false;
        }
        MainLauncher launcher = launcherFor(mainClass.getClassLoader());
        if (launcher == null) {
            if (!warned) {
                warned = true;
                System.err.println("satin: no Satin runtime on the class path, so " + mainClass.getName()
                        + ".main runs sequentially; add io.satin:satin-runtime to run it in parallel (set "
                        + BOOTSTRAP + "=off to silence this)");
            }
            return false;
        }
        try {
            return launcher.launch(mainClass, args);
        } catch (Throwable t) {
            throw Spawns.sneaky(t);
        }
    }

    /** Whether {@value #BOOTSTRAP} (or {@code SATIN_BOOTSTRAP}) lets main start a runtime; default on. */
    static boolean bootstrapOn() {
        String value = System.getProperty(BOOTSTRAP);
        String source = "system property " + BOOTSTRAP;
        if (value == null) {
            value = System.getenv("SATIN_BOOTSTRAP");
            source = "environment variable SATIN_BOOTSTRAP";
        }
        if (value == null) {
            return true;
        }
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "on", "true", "auto" -> true;
            case "off", "false" -> false;
            default -> throw new IllegalArgumentException(source + " must be on or off, got '" + value + "'");
        };
    }

    private static MainLauncher launcherFor(ClassLoader loader) {
        try {
            Iterator<MainLauncher> found = ServiceLoader.load(MainLauncher.class,
                    loader != null ? loader : ClassLoader.getSystemClassLoader()).iterator();
            return found.hasNext() ? found.next() : null;
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("the Satin runtime on the class path cannot be loaded: " + e.getMessage(),
                    e);
        }
    }
}
