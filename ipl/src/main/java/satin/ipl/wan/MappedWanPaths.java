package satin.ipl.wan;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.IplException;

/**
 * Wide-area path states in a file that every process of an emulated run maps, so all nodes of a cluster, in whatever
 * JVM, share one path per cluster pair. Processes on one machine share {@link System#nanoTime}'s clock (Linux:
 * {@code CLOCK_MONOTONIC}, one for the whole machine), so the times in the file mean the same in each of them.
 *
 * <p>Layout: 1024 slots of 64 bytes (one cache line each). Slot 0 is the header (a magic number, the format version);
 * each other slot is one path: its key (a 64-bit FNV-1a hash of {@code from->to}, 0 for a free slot), its lock word
 * and its state ({@code freeAt}, {@code lastArrival}, {@code lastActive}: each time stored as {@code time ^
 * Long.MIN_VALUE}, so the file's zeroes read as {@link satin.wanmodel.PathState#NEVER}; then the timeouts and the
 * packets sent). A path
 * takes the first slot, from its hash on (linear probing), that is free or has its key; a free slot is claimed by a
 * compare-and-set of the key, so two processes never claim different slots for one path.
 *
 * <p>Memory ordering: the lock word is taken by a compare-and-set (0 to the holder's token) and given back by one
 * (the token to 0); both are volatile accesses, on x86 locked instructions, which order the plain reads and writes of
 * the state between them for every process that maps the page. A holder that dies inside the lock (its process was
 * killed during the few instructions it holds it) would stop the path: a waiter that sees the same holder for longer
 * than {@link #STALE_NANOS} takes the lock over, and says so in the log. Tokens are the process id and thread id, so a
 * late unlock by a holder whose lock was taken over does not release the new holder's.
 */
final class MappedWanPaths implements WanPaths {
    private static final Logger LOG = LoggerFactory.getLogger(MappedWanPaths.class);
    static final int SLOTS = 1024;
    static final int SLOT = 64;
    static final long MAGIC = 0x5341_5449_4e57_414eL; // "SATINWAN"
    static final long VERSION = 1;
    /** A holder of a path's lock computes one arrival; one second is far beyond any descheduling on this machine. */
    static final long STALE_NANOS = 1_000_000_000L;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final ByteBuffer map;
    private final Path file;
    private final Map<String, SharedPath> paths = new ConcurrentHashMap<>();

    private MappedWanPaths(ByteBuffer map, Path file) {
        this.map = map;
        this.file = file;
    }

    static MappedWanPaths open(Path file) throws IOException {
        ByteBuffer map;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            // the mapping stays valid after the channel closes; mapping beyond the end grows the file (with zeroes)
            map = ch.map(FileChannel.MapMode.READ_WRITE, 0, (long) SLOTS * SLOT);
        }
        long magic = (long) LONGS.compareAndExchange(map, 0, 0L, MAGIC);
        if (magic != 0 && magic != MAGIC) {
            throw new IplException("WAN path file " + file + " is not one (it holds other data); give a new file");
        }
        LONGS.compareAndExchange(map, 8, 0L, VERSION);
        long version = (long) LONGS.getVolatile(map, 8);
        if (version != VERSION) {
            throw new IplException("WAN path file " + file + " has format version " + version + ", this node writes "
                    + VERSION + "; every node of a run must run the same Satin");
        }
        return new MappedWanPaths(map, file);
    }

    @Override
    public SharedPath path(String from, String to) {
        return paths.computeIfAbsent(from + "->" + to, this::claim);
    }

    private SharedPath claim(String name) {
        long key = key(name);
        int first = (int) Math.floorMod(key, (long) (SLOTS - 1));
        for (int i = 0; i < SLOTS - 1; i++) {
            int offset = (1 + (first + i) % (SLOTS - 1)) * SLOT;
            long found = (long) LONGS.compareAndExchange(map, offset, 0L, key);
            if (found == 0 || found == key) {
                return new Slot(offset);
            }
        }
        throw new IllegalStateException("WAN path file " + file + " is full: more than " + (SLOTS - 1) + " cluster pairs");
    }

    /** FNV-1a of the name's UTF-8 bytes, never 0 (0 marks a free slot). */
    static long key(String name) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h == 0 ? 1 : h;
    }

    private static long token() {
        return (ProcessHandle.current().pid() << 40) | (Thread.currentThread().getId() & ((1L << 40) - 1));
    }

    /** One path's slot. */
    private final class Slot implements SharedPath {
        private final int lock;
        private final int freeAt;
        private final int lastArrival;
        private final int lastActive;
        private final int timeouts;
        private final int packets;

        Slot(int offset) {
            lock = offset + 8;
            freeAt = offset + 16;
            lastArrival = offset + 24;
            lastActive = offset + 32;
            timeouts = offset + 40;
            packets = offset + 48;
        }

        @Override
        public void lock() {
            long mine = token();
            long seen = 0;
            long since = 0;
            for (int spins = 1; ; spins++) {
                long holder = (long) LONGS.compareAndExchange(map, lock, 0L, mine);
                if (holder == 0) {
                    return;
                }
                if ((spins & 63) != 0) {
                    Thread.onSpinWait();
                    continue;
                }
                // every 64th try: let the holder run (two cores, many threads), and watch for a dead holder
                long now = System.nanoTime();
                if (holder != seen) {
                    seen = holder;
                    since = now;
                } else if (now - since > STALE_NANOS && LONGS.compareAndSet(map, lock, holder, mine)) {
                    LOG.warn("WAN path lock in {} held by process {} thread {} for over {} ms: taken over", file,
                            holder >>> 40, holder & ((1L << 40) - 1), STALE_NANOS / 1_000_000);
                    return;
                }
                Thread.yield();
            }
        }

        @Override
        public void unlock() {
            LONGS.compareAndSet(map, lock, token(), 0L);
        }

        private long time(int at) {
            return (long) LONGS.get(map, at) ^ Long.MIN_VALUE;
        }

        private void time(int at, long value) {
            LONGS.set(map, at, value ^ Long.MIN_VALUE);
        }

        @Override
        public long freeAt() {
            return time(freeAt);
        }

        @Override
        public void freeAt(long time) {
            time(freeAt, time);
        }

        @Override
        public long lastArrival() {
            return time(lastArrival);
        }

        @Override
        public void lastArrival(long time) {
            time(lastArrival, time);
        }

        @Override
        public long lastActive() {
            return time(lastActive);
        }

        @Override
        public void lastActive(long time) {
            time(lastActive, time);
        }

        @Override
        public long timeouts() {
            return (long) LONGS.get(map, timeouts);
        }

        @Override
        public void timeouts(long count) {
            LONGS.set(map, timeouts, count);
        }

        @Override
        public long packets() {
            return (long) LONGS.get(map, packets);
        }

        @Override
        public void packets(long count) {
            LONGS.set(map, packets, count);
        }
    }
}
