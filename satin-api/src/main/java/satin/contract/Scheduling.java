package satin.contract;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * What the static methods of {@link satin.SatinObject} ask of the runtime that runs the calling thread: pausing and
 * resuming balancing, whether more jobs are worth spawning, whether the running job is local; and the deep copy. On a
 * {@link SpawnThread} each question goes to the runtime's worker; on any other thread (no runtime: the sequential
 * program) each has its sequential answer, the original Satin's: nothing to pause, no need for more jobs, every job
 * local.
 */
public final class Scheduling {

    private Scheduling() {
    }

    /** {@code pause()} ({@code on} false) and {@code resume()} ({@code on} true). */
    public static void balancing(boolean on) {
        if (Thread.currentThread() instanceof SpawnThread w) {
            w.balancing(on);
        }
    }

    /** {@code needMoreJobs()}. */
    public static boolean needMoreJobs() {
        return Thread.currentThread() instanceof SpawnThread w && w.needMoreJobs();
    }

    /** {@code localJob()}. */
    public static boolean localJob() {
        return !(Thread.currentThread() instanceof SpawnThread w) || w.localJob();
    }

    /** Whether a runtime runs the calling thread (what {@code satin.impl.Satin.getSatin() != null} asks). */
    public static boolean running() {
        return Thread.currentThread() instanceof SpawnThread;
    }

    /**
     * {@code deepCopy(o)}: a Java serialization round trip, classes resolved through the loader of {@code o}'s class
     * first (a program's classes), then the calling thread's context loader.
     *
     * @throws UncheckedIOException naming the class that is not serializable
     */
    public static Serializable deepCopy(Serializable o) {
        if (o == null) {
            return null;
        }
        ClassLoader own = o.getClass().getClassLoader();
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(o);
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
                @Override
                protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                    try {
                        return Class.forName(desc.getName(), false, own);
                    } catch (ClassNotFoundException e) {
                        return super.resolveClass(desc);
                    }
                }
            }) {
                return (Serializable) in.readObject();
            }
        } catch (NotSerializableException e) {
            throw new UncheckedIOException("deepCopy of a " + o.getClass().getName() + ": it holds a "
                    + e.getMessage() + ", which is not Serializable", e);
        } catch (IOException e) {
            throw new UncheckedIOException("deepCopy of a " + o.getClass().getName() + ": " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("deepCopy of a " + o.getClass().getName() + ": " + e.getMessage(), e);
        }
    }
}
