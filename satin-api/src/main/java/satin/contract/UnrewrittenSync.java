package satin.contract;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a {@code sync()} that reaches {@link satin.SatinObject#sync()} itself means: the class that called it was not
 * rewritten (the rewriter replaces every {@code sync()} call outside static initializers), so its spawnable calls
 * are ordinary calls and the program runs sequentially. That is the intended oracle with no runtime around; with a
 * runtime it is a build mistake ({@code mvn exec:java} without the plugin, {@code satin run -cp} of javac's output),
 * and the program says so once per JVM on standard error:
 * <ul>
 *   <li>on a runtime's worker ({@link SpawnThread}): always;</li>
 *   <li>elsewhere: when a runtime is on the caller's class path and {@code satin.bootstrap} is not off (the setting
 *       that also keeps a rewritten {@code main} sequential silences it);</li>
 *   <li>never for a static initializer, whose {@code sync()} stays a plain call in rewritten classes too.</li>
 * </ul>
 *
 * <p>Threading: the decision is taken once, by the first thread that gets past the {@code decided} check under the
 * object's lock; later calls read the volatile flag only, so an unrewritten program pays one volatile read per
 * {@code sync()}.
 */
public final class UnrewrittenSync {

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

    /** Called by {@link satin.SatinObject#sync()}: says once, if there is a runtime, that the caller was not rewritten. */
    public static void called() {
        if (!JVM.decided) {
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                    .dropWhile(f -> f.getDeclaringClass() == UnrewrittenSync.class
                            || f.getClassName().equals("satin.SatinObject"))
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
            case RUNTIME_AVAILABLE -> out.accept(what + " (set " + MainEntry.BOOTSTRAP + "=off to silence this)");
            case SEQUENTIAL -> { }
        }
    }

    private static Situation situation(Class<?> caller) {
        if (Thread.currentThread() instanceof SpawnThread) {
            return Situation.WORKER;
        }
        boolean bootstrap;
        try {
            bootstrap = MainEntry.bootstrapOn();
        } catch (IllegalArgumentException e) {
            bootstrap = false; // MainEntry reports the bad setting where it matters, at the start of main
        }
        Optional<MainLauncher> launcher;
        try {
            launcher = bootstrap ? Optional.ofNullable(MainEntry.launcherFor(caller.getClassLoader()))
                    : Optional.empty();
        } catch (IllegalStateException e) {
            launcher = Optional.empty();
        }
        return launcher.isPresent() ? Situation.RUNTIME_AVAILABLE : Situation.SEQUENTIAL;
    }
}
