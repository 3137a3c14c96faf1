package satin.runtime.shared;

import satin.SharedObject;
import satin.contract.SharedMethods;

/**
 * What a runtime does with a write method called on one of its workers, and with {@code exportObject()}. Reached
 * through {@link satin.runtime.spawn.ExternalWork#sharedObjects()}, since only a runtime that spans JVMs has more
 * than one replica.
 */
public interface SharedObjects {

    /** One JVM: the object is its only replica; a write is applied to it at once, holding its monitor. */
    SharedObjects LOCAL = new SharedObjects() {
        @Override
        public Object write(SharedObject target, String method, Object[] args) throws Throwable {
            return SharedMethods.applyLocally(target, method, args);
        }

        @Override
        public void export(SharedObject target) {
        }
    };

    /**
     * Applies the write method {@code method} (name and descriptor) to {@code target} and its replicas; returns the
     * result of the application to {@code target}, or throws what that threw.
     */
    Object write(SharedObject target, String method, Object[] args) throws Throwable;

    /** Replicates {@code target} on every node now, if it is not yet. */
    void export(SharedObject target);
}
