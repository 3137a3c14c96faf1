package satin.runtime.testapps;

import java.util.concurrent.locks.ReentrantLock;
import satin.SharedObject;

/**
 * A shared object that no job declares a field of: it may still sit in a job behind {@code Object}, so the
 * serialization list names it; its own fields (a lock Kryo could not write) never travel, as it goes by reference.
 */
public final class SharedTally extends SharedObject {
    private static final long serialVersionUID = 1L;

    private final transient ReentrantLock lock = new ReentrantLock();
    private final java.util.concurrent.atomic.AtomicLong count = new java.util.concurrent.atomic.AtomicLong();

    public long count() {
        return count.get();
    }

    ReentrantLock lock() {
        return lock;
    }
}
