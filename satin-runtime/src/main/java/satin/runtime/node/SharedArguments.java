package satin.runtime.node;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import satin.SharedObject;
import satin.contract.InvocationRecord;
import satin.ipl.ReadMessage;
import satin.ipl.WriteMessage;

/**
 * Shared objects among a stolen job's arguments travel as references. Writing a job (STEAL_REPLY), each of the
 * record's fields that holds a {@link SharedObject} is replicated first if it is not yet
 * ({@link SharedReplication#register}), set to null while Kryo writes the record and restored right after (the
 * record is the victim's, held only by the thread writing it: it was just taken from its deque); then the field's
 * number and the object's id follow the record ({@code int n, (int field, long id) * n}). Reading, the ids are kept
 * with the job, and before the job runs ({@link GuardedWork}) each field gets this node's replica, once it has
 * arrived.
 *
 * <p>Only the record's own fields become references (the target and the arguments). A shared object inside another
 * argument (in an array, a field of an argument) or in the target's fields would travel as a copy, whose writes reach
 * no other replica: such a job is not shipped ({@link NestedSharedObjects}, {@link HoldsSharedObject}) but kept on its
 * node, where the object is the real one, with a warning naming where the object sits. Pass shared objects as
 * arguments, as programs written for the original Satin do, to let such jobs move.
 */
final class SharedArguments {

    /** The record fields that may hold a shared object, per record class, by name (their numbers go on the wire). */
    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> record) {
            List<Field> fields = new ArrayList<>();
            for (Field f : objectFields(record)) {
                Class<?> t = f.getType();
                if (t.isInterface() || t.isAssignableFrom(SharedObject.class)
                        || SharedObject.class.isAssignableFrom(t)) {
                    fields.add(f);
                }
            }
            fields.sort(java.util.Comparator.comparing(Field::getName));
            return fields.toArray(new Field[0]);
        }
    };

    /** The record's values a walk for nested shared objects starts from: the generated record's own fields. */
    private static final ClassValue<Field[]> VALUES = new ClassValue<>() {
        @Override
        protected Field[] computeValue(Class<?> record) {
            return objectFields(record).stream().filter(f -> f.getDeclaringClass() != InvocationRecord.class)
                    .toArray(Field[]::new);
        }
    };

    /** The public, non-static, non-transient fields of {@code record} that hold objects. */
    private static List<Field> objectFields(Class<?> record) {
        List<Field> fields = new ArrayList<>();
        for (Field f : record.getFields()) {
            int mod = f.getModifiers();
            if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.getType().isPrimitive()) {
                fields.add(f);
            }
        }
        return fields;
    }

    private final SharedReplication shared;
    /** Jobs read with shared references, until {@link #resolve} hands them their replicas; guarded by itself. */
    private final Map<InvocationRecord, long[]> pending = new IdentityHashMap<>();

    SharedArguments(SharedReplication shared) {
        this.shared = shared;
    }

    /** Whether one of {@code job}'s own fields holds a shared object (it would travel as a reference). */
    static boolean holdsShared(InvocationRecord job) {
        try {
            for (Field f : FIELDS.get(job.getClass())) {
                if (f.get(job) instanceof SharedObject) {
                    return true;
                }
            }
            return false;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read the fields of " + job.getClass().getName(), e);
        }
    }

    /** A job that holds a shared object inside one of its values: it stays on its node. */
    static final class HoldsSharedObject extends RuntimeException {
        private static final long serialVersionUID = 1L;

        HoldsSharedObject(String where) {
            super(where, null, false, false);
        }
    }

    /**
     * Writes {@code job} (not null) with its shared objects as references.
     *
     * @throws HoldsSharedObject when a shared object sits inside one of the job's values (nothing was written)
     */
    void write(WriteMessage out, InvocationRecord job) throws IOException {
        Map<String, Object> values = new java.util.LinkedHashMap<>();
        try {
            for (Field f : VALUES.get(job.getClass())) {
                values.put(f.getName(), f.get(job));
            }
        } catch (IllegalAccessException e) {
            throw new IOException("cannot read the fields of " + job.getClass().getName(), e);
        }
        String nested = NestedSharedObjects.find(values);
        if (nested != null) {
            throw new HoldsSharedObject(nested);
        }
        Field[] fields = FIELDS.get(job.getClass());
        int n = 0;
        int[] index = new int[fields.length];
        long[] ids = new long[fields.length];
        Object[] taken = new Object[fields.length];
        try {
            for (int i = 0; i < fields.length; i++) {
                if (fields[i].get(job) instanceof SharedObject o) {
                    ids[n] = shared.register(o);
                    index[n] = i;
                    taken[n++] = o;
                    fields[i].set(job, null);
                }
            }
            out.writeObject(job);
        } catch (IllegalAccessException e) {
            throw new IOException("cannot read the fields of " + job.getClass().getName(), e);
        } finally {
            for (int k = 0; k < n; k++) {
                try {
                    fields[index[k]].set(job, taken[k]);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e); // it was set a moment ago
                }
            }
        }
        out.writeInt(n);
        for (int k = 0; k < n; k++) {
            out.writeInt(index[k]);
            out.writeLong(ids[k]);
        }
    }

    /** Reads a job written by {@link #write}, or the null of "no job". */
    InvocationRecord read(ReadMessage m) throws IOException {
        InvocationRecord job = (InvocationRecord) m.readObject();
        if (job == null) {
            return null;
        }
        int n = m.readInt();
        Field[] fields = FIELDS.get(job.getClass());
        if (n < 0 || n > fields.length) {
            throw new IOException("a job of " + job.getClass().getName() + " with " + n + " shared references");
        }
        if (n > 0) {
            long[] refs = new long[2 * n];
            for (int k = 0; k < n; k++) {
                refs[2 * k] = m.readInt();
                refs[2 * k + 1] = m.readLong();
                if (refs[2 * k] < 0 || refs[2 * k] >= fields.length) {
                    throw new IOException("a shared reference to field " + refs[2 * k] + " of "
                            + job.getClass().getName());
                }
            }
            synchronized (pending) {
                pending.put(job, refs);
            }
        }
        return job;
    }

    /** Gives {@code job}'s shared fields this node's replicas, waiting for replicas still on their way. */
    void resolve(InvocationRecord job) {
        long[] refs;
        synchronized (pending) {
            refs = pending.remove(job);
        }
        if (refs == null) {
            return;
        }
        Field[] fields = FIELDS.get(job.getClass());
        for (int k = 0; k < refs.length; k += 2) {
            try {
                fields[(int) refs[k]].set(job, shared.replica(refs[k + 1]));
            } catch (IllegalAccessException | IllegalArgumentException e) {
                throw new IllegalStateException("shared object " + refs[k + 1] + " does not fit field "
                        + fields[(int) refs[k]] + ": " + e.getMessage(), e);
            }
        }
    }
}
