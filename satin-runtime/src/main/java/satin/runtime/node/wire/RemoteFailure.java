package satin.runtime.node.wire;

import java.lang.reflect.Constructor;

/**
 * Stands in for an exception thrown by a stolen job on another node that could not travel whole (normally the
 * exception itself arrives, see {@link Codec}): one holding a field that is not serializable, or of a class the owner
 * cannot load. The class name, message and remote stack trace travel instead, with the reason. If the class is a
 * {@link Throwable} with a public {@code (String)} constructor, an instance of it is rebuilt, so a caller's
 * {@code catch} still matches; otherwise a {@code RemoteFailure} stands in. Either way the remote stack trace and the
 * reason are attached as a suppressed {@code RemoteFailure}.
 */
public final class RemoteFailure extends RuntimeException {

    public RemoteFailure(String message) {
        super(message, null, true, false);
    }

    static Throwable rebuild(String className, String message, String remoteTrace, int node, ClassLoader loader) {
        RemoteFailure trace = new RemoteFailure("thrown on node " + node + ":\n" + remoteTrace);
        Throwable rebuilt = null;
        try {
            Class<?> c = Class.forName(className, false, loader);
            if (Throwable.class.isAssignableFrom(c)) {
                Constructor<?> ctor = c.getConstructor(String.class);
                rebuilt = (Throwable) ctor.newInstance("null".equals(message) ? null : message);
            }
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            rebuilt = null;
        }
        if (rebuilt == null) {
            rebuilt = new RemoteFailure(className + ": " + message);
        }
        rebuilt.addSuppressed(trace);
        return rebuilt;
    }
}
