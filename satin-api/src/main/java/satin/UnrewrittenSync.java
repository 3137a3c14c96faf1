package satin;

import java.util.Locale;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * What a {@code sync()} that reaches {@link satin.SatinObject#sync()} itself means: the class that called it was not
 * rewritten (the rewriter replaces every {@code sync()} call outside static initializers), so its spawnable calls
 * are ordinary calls and the program runs sequentially. That is the intended oracle with no runtime around; with a
 * runtime it is a build mistake ({@code mvn exec:java} without the plugin, {@code satin run -cp} of javac's output),
 * and the program says so once per JVM on standard error:
 * <ul>
 *   <li>on a runtime's worker ({@code SpawnThread}): always;</li>
 *   <li>elsewhere: when a runtime is on the caller's class path and {@code satin.bootstrap} is not off (the setting
 *       that also keeps a rewritten {@code main} sequential silences it);</li>
 *   <li>never for a static initializer, whose {@code sync()} stays a plain call in rewritten classes too.</li>
 * </ul>
 *
 * <p>The contract's types ({@code satin.contract.SpawnThread}, {@code MainLauncher}) are looked up by name here, once:
 * {@code satin.contract} depends on this package (shared objects), so a reference from here would make the two
 * packages a cycle.
 *
 * <p>Threading: the decision is taken once, by the first thread that gets past the {@code decided} check under the
 * object's lock; later calls read the volatile flag only, so an unrewritten program pays one volatile read per
 * {@code sync()}.
 */
final class UnrewrittenSync {

    /** Where the caller of {@code sync()} runs. */
    enum Situation {
        /** On a runtime's worker. */
        WORKER,
        /** Off a worker, with a runtime on the class path and the bootstrap on. */
        RUNTIME_AVAILABLE,
        /** No runtime: the sequential program, as intended. */
        SEQUENTIAL
    }

    private static final UnrewrittenSync JVM = new UnrewrittenSync(line -> System.err.println(line));

    private final Consumer<String> out;
    private volatile boolean decided;

    UnrewrittenSync(Consumer<String> out) {
        this.out = out;
    }

    /** Called by {@link SatinObject#sync()}: says once, if there is a runtime, that the caller was not rewritten. */
    static void called() {
        if (!JVM.decided) {
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                    .dropWhile(f -> f.getDeclaringClass() == UnrewrittenSync.class
                            || f.getDeclaringClass() == SatinObject.class)
                    .findFirst()).ifPresent(f -> JVM.called(f.getClassName(), f.getMethodName(),
                            situation(f.getDeclaringClass())));
        }
    }

    /** The decision for one call, with the caller and its situation known. */
    synchronized void called(String callerClass, String callerMethod, Situation situation) {
        if (decided || callerMethod.equals("<clinit>")) {
            return;
        }
        decided = true;
        String what = "satin: " + callerClass + " calls sync() but was not rewritten, so its spawnable calls run one"
                + " after another on one thread: add the rewrite goal of io.satin:satin-maven-plugin to the build, or"
                + " run 'satin compile' on its classes";
        switch (situation) {
            case WORKER -> out.accept(what);
            case RUNTIME_AVAILABLE -> out.accept(what + " (set satin.bootstrap=off to silence this)");
            case SEQUENTIAL -> { }
        }
    }

    private static Situation situation(Class<?> caller) {
        for (Class<?> c = Thread.currentThread().getClass(); c != null; c = c.getSuperclass()) {
            if (c.getName().equals(SPAWN_THREAD)) {
                return Situation.WORKER;
            }
        }
        return bootstrapOff() || !launcherAvailable(caller.getClassLoader()) ? Situation.SEQUENTIAL
                : Situation.RUNTIME_AVAILABLE;
    }

    private static final String SPAWN_THREAD = "satin.contract.SpawnThread";
    private static final String MAIN_LAUNCHER = "satin.contract.MainLauncher";

    /** The setting a rewritten main reads (satin.contract.MainEntry), off only when it says so. */
    private static boolean bootstrapOff() {
        String value = System.getProperty("satin.bootstrap", System.getenv("SATIN_BOOTSTRAP"));
        return value != null && (value.trim().toLowerCase(Locale.ROOT).equals("off")
                || value.trim().toLowerCase(Locale.ROOT).equals("false"));
    }

    /** Whether a runtime offers its main launcher to classes of this loader. */
    private static boolean launcherAvailable(ClassLoader loader) {
        ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
        try {
            return ServiceLoader.load(Class.forName(MAIN_LAUNCHER, false, l), l).iterator().hasNext();
        } catch (ClassNotFoundException | java.util.ServiceConfigurationError e) {
            return false; // a broken runtime is reported where it matters, when a rewritten main starts it
        }
    }
}
