package satin.rewriter.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.WeakHashMap;
import satin.rewriter.ClassRewrite;
import satin.rewriter.Rewriter;
import satin.rewriter.diagnostic.Diagnostic;
import satin.rewriter.hierarchy.ClassHierarchy;
import satin.rewriter.hierarchy.ClassSource;

/**
 * Rewrites each class loaded by an application class loader. The hierarchy of each loader comes from that
 * loader's resources, never from loading classes. Diagnostics go to standard error, because the agent has
 * no build to fail: a class with errors is loaded unchanged (its spawns then run sequentially).
 */
final class RewritingTransformer implements ClassFileTransformer {

    /** Packages that never spawn: the JDK, Satin itself and the libraries bundled in satin.jar. */
    private static final String[] SKIPPED = {"java/", "javax/", "jdk/", "sun/", "com/sun/", "org/objectweb/asm/",
        "satin/contract/", "satin/runtime/", "satin/balance/", "satin/trace/", "satin/rewriter/shaded/", "satin/ipl/",
        "satin/simulator/", "satin/cli/", "picocli/", "io/netty/", "com/esotericsoftware/", "org/objenesis/",
        "org/slf4j/", "ch/qos/logback/", "com/fasterxml/", "org/knowm/"};

    private final ClassDefiner definer;
    private final Map<ClassLoader, Rewriter> rewriters = new WeakHashMap<>();
    private final ThreadLocal<Boolean> busy = ThreadLocal.withInitial(() -> false);

    /** Whether counted loops of spawns are made splittable (the agent's {@code split-loops} option). */
    private final boolean splitLoops;

    RewritingTransformer(ClassDefiner definer, boolean splitLoops) {
        this.definer = definer;
        this.splitLoops = splitLoops;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                            byte[] classFile) {
        if (loader == null || loader == ClassLoader.getPlatformClassLoader() || className == null
                || redefined != null || skipped(className) || busy.get()) {
            return null;
        }
        busy.set(true);
        try {
            ClassRewrite result = rewriter(loader).rewrite(classFile);
            for (Diagnostic d : result.diagnostics()) {
                System.err.println("satin-agent: " + d.format());
            }
            if (!result.changed()) {
                return null;
            }
            result.records().forEach((name, bytes) -> definer.define(loader, name, bytes, domain));
            return result.bytes();
        } catch (RuntimeException | LinkageError e) {
            System.err.println("satin-agent: cannot rewrite " + className.replace('/', '.') + ": " + e);
            return null;
        } finally {
            busy.set(false);
        }
    }

    private static boolean skipped(String className) {
        for (String prefix : SKIPPED) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private synchronized Rewriter rewriter(ClassLoader loader) {
        return rewriters.computeIfAbsent(loader, l -> new Rewriter(new ClassHierarchy(
                new ClassSource.Chain(java.util.List.of(ClassSource.ofResources(l), ClassSource.jdk()))), false,
                splitLoops));
    }
}
