package satin.rewriter.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Java agent ({@code -javaagent:satin-rewriter.jar}) that rewrites classes as they are loaded, for IDE runs
 * and tests. Generated invocation records are defined eagerly in the loader of the class that uses them,
 * through {@code ClassLoader.defineClass}, which the agent opens up to itself with
 * {@link Instrumentation#redefineModule}.
 */
public final class SatinAgent {

    private SatinAgent() {
    }

    public static void premain(String options, Instrumentation instrumentation) {
        Module javaBase = Object.class.getModule();
        instrumentation.redefineModule(javaBase, Set.of(), Map.of(),
                Map.of("java.lang", Set.of(SatinAgent.class.getModule())), Set.of(), Map.of());
        instrumentation.addTransformer(new RewritingTransformer(new ClassDefiner()), false);
    }

    public static void agentmain(String options, Instrumentation instrumentation) {
        premain(options, instrumentation);
    }
}
