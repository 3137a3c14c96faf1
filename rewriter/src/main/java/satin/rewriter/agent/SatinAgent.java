package satin.rewriter.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Java agent ({@code -javaagent:satin-rewriter.jar}) that rewrites classes as they are loaded, for IDE runs
 * and tests. Generated invocation records are defined eagerly in the loader of the class that uses them,
 * through {@code ClassLoader.defineClass}, which the agent opens up to itself with
 * {@link Instrumentation#redefineModule}.
 *
 * <p>Options ({@code -javaagent:satin-rewriter.jar=OPTION,...}): {@code split-loops} makes counted loops of spawns
 * splittable between workers (see {@link satin.rewriter.Rewriter}); an unknown option stops the JVM's start with an
 * error, so a typo is not a silent default.
 */
public final class SatinAgent {

    private SatinAgent() {
    }

    public static void premain(String options, Instrumentation instrumentation) {
        Module javaBase = Object.class.getModule();
        instrumentation.redefineModule(javaBase, Set.of(), Map.of(),
                Map.of("java.lang", Set.of(SatinAgent.class.getModule())), Set.of(), Map.of());
        instrumentation.addTransformer(new RewritingTransformer(new ClassDefiner(), splitLoops(options)), false);
    }

    /** Whether {@code options} (the text after {@code =}, or null) ask for loop splitting. */
    static boolean splitLoops(String options) {
        boolean split = satin.rewriter.Rewriter.SPLIT_LOOPS_DEFAULT;
        if (options == null || options.isBlank()) {
            return split;
        }
        for (String option : options.split(",")) {
            switch (option.trim()) {
                case "split-loops" -> split = true;
                case "" -> { }
                default -> throw new IllegalArgumentException("satin agent: unknown option '" + option.trim()
                        + "' (known: split-loops)");
            }
        }
        return split;
    }

    public static void agentmain(String options, Instrumentation instrumentation) {
        premain(options, instrumentation);
    }
}
