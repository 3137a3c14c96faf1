package satin.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Records a spawn tree while a runtime executes it. Thread-safe and allocation-light: {@link #onSpawn} takes an
 * id from an atomic counter and stores into a chunk of primitive arrays; a new 65,536-job chunk is allocated (by
 * compare-and-set, no lock) only when a spawn crosses into it. Each job's fields are written by the worker that
 * spawned it ({@code onSpawn}) and the worker that ran it ({@code onJobEnd}); {@link #snapshot()} must be called
 * after the run has finished and its workers have been joined, which orders all those writes before the read.
 *
 * <p>Usage by the runtime: call {@link #onRoot(int)} for the main job, {@link #onSpawn(int, int)} for every
 * spawn (keep the returned id in the job's invocation record), and {@link #onJobEnd(int, long, int)} when a job
 * returns, with its own compute time (its wall time minus the time its worker spent in other jobs while it was on
 * the stack) and its result size.
 */
public final class TraceRecorder {
    private static final int CHUNK_BITS = 16;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MAX_CHUNKS = TraceFormat.MAX_JOBS / CHUNK;

    private static final class Chunk {
        final int[] parent = new int[CHUNK];
        final long[] ownNanos = new long[CHUNK];
        final int[] paramBytes = new int[CHUNK];
        final int[] resultBytes = new int[CHUNK];

        Chunk() {
            java.util.Arrays.fill(ownNanos, -1); // -1 = not ended yet
        }
    }

    private final AtomicInteger next = new AtomicInteger();
    private final AtomicReferenceArray<Chunk> chunks = new AtomicReferenceArray<>(MAX_CHUNKS);

    /** Records the root job; must be the first call. Returns its id, 0. */
    public int onRoot(int paramBytes) {
        int id = onSpawn(-1, paramBytes);
        if (id != 0) {
            throw new IllegalStateException("the root must be recorded first, but " + id + " jobs came before it");
        }
        return id;
    }

    /** Records that job {@code parent} spawned a job with {@code paramBytes} of parameters; returns the new job's id. */
    public int onSpawn(int parent, int paramBytes) {
        int id = next.getAndIncrement();
        if (id >= TraceFormat.MAX_JOBS) {
            throw new IllegalStateException("trace full: more than " + TraceFormat.MAX_JOBS + " jobs");
        }
        Chunk c = chunk(id);
        int i = id & (CHUNK - 1);
        c.parent[i] = parent;
        c.paramBytes[i] = paramBytes;
        return id;
    }

    /** Records that job {@code id} returned after {@code ownNanos} of its own computation with a result of {@code resultBytes}. */
    public void onJobEnd(int id, long ownNanos, int resultBytes) {
        if (ownNanos < 0) {
            throw new IllegalArgumentException("negative own time " + ownNanos + " for job " + id);
        }
        Chunk c = chunks.get(id >>> CHUNK_BITS);
        int i = id & (CHUNK - 1);
        c.ownNanos[i] = ownNanos;
        c.resultBytes[i] = resultBytes;
    }

    public int jobCount() {
        return next.get();
    }

    private Chunk chunk(int id) {
        int index = id >>> CHUNK_BITS;
        Chunk c = chunks.get(index);
        if (c == null) {
            Chunk fresh = new Chunk();
            c = chunks.compareAndSet(index, null, fresh) ? fresh : chunks.get(index);
        }
        return c;
    }

    /** The recorded tree; fails naming the first job that was spawned but never ended. */
    public SpawnTrace snapshot() {
        int n = next.get();
        int[] parent = new int[n];
        long[] own = new long[n];
        int[] param = new int[n];
        int[] result = new int[n];
        for (int id = 0; id < n; id++) {
            Chunk c = chunks.get(id >>> CHUNK_BITS);
            int i = id & (CHUNK - 1);
            if (c.ownNanos[i] < 0) {
                throw new IllegalStateException("job " + id + " was spawned but never ended; snapshot only after the run");
            }
            parent[id] = c.parent[i];
            own[id] = c.ownNanos[i];
            param[id] = c.paramBytes[i];
            result[id] = c.resultBytes[i];
        }
        return new SpawnTrace(parent, own, param, result);
    }

    /** Writes {@link #snapshot()} to {@code file} (the runtime's {@code --record-trace FILE}). */
    public void writeTo(Path file) throws IOException {
        TraceFormat.write(snapshot(), file);
    }
}
