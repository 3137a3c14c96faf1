package satin.contract;

import satin.SharedObject;

/**
 * The entry points for shared objects that rewritten code calls. The rewriter replaces every call of a write method
 * ({@code receiver.m(args)}, {@code m} declared in an interface extending {@code satin.WriteMethodsInterface}) by a
 * call of a static bridge it adds to the calling class, with the same arguments and result:
 * <pre>
 *   static R satin$write$K(Owner receiver, A1 a1, ..., An an) {
 *       return (R) SharedWrites.write(receiver, "m(A1..An)R", new Object[] {a1, ..., an});   // boxed, unboxed
 *   }
 * </pre>
 * On a runtime's worker ({@link SpawnThread}) the write goes to the runtime, which applies it on every replica in
 * the run's one order and returns the result of the local application. On any other thread (no runtime: the
 * sequential program; or a thread of the runtime applying writes, when a write method calls another one) it is
 * applied right here, holding the object's monitor, so a write method that calls another write method applies that
 * one as part of itself everywhere, once.
 */
public final class SharedWrites {

    private SharedWrites() {
    }

    /**
     * Applies the write method {@code method} (name followed by descriptor) with {@code args} to {@code target}, and
     * to every replica of it; returns its result (boxed, or null for void) or throws what it threw.
     */
    public static Object write(Object target, String method, Object[] args) throws Throwable {
        if (!(target instanceof SharedObject shared)) {
            // a write-methods interface implemented by a class that is not a SharedObject: an ordinary call
            if (target == null) {
                throw new NullPointerException("write method " + method + " called on null");
            }
            return SharedMethods.invoke(target, method, args);
        }
        if (Thread.currentThread() instanceof SpawnThread worker) {
            return worker.writeShared(shared, method, args);
        }
        return SharedMethods.applyLocally(shared, method, args);
    }

    /**
     * {@code target.exportObject()}, as the rewriter replaces it: replicates {@code target} on every node now (nothing
     * off a runtime's worker). A call, not the body of {@code exportObject()}, so that package {@code satin} needs
     * nothing of this one (as {@code sync()} is replaced, not implemented there).
     */
    public static void export(SharedObject target) {
        if (Thread.currentThread() instanceof SpawnThread worker) {
            target.getObjectIdAndSetNonlocal(); // before its state is taken: the replicas are not local either
            worker.exportShared(target);
        }
    }
}
