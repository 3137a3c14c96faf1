package satin.ipl.wan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import satin.wanmodel.PathFields;

/**
 * Where the wide-area paths' states live, one {@link SharedPath} per ordered cluster pair. In memory
 * ({@link #inMemory}): shared by the links of one transport (one node's messages to any node of cluster B queue on
 * one path). In a file ({@link MappedWanPaths}): shared by every node of every process on this machine that maps
 * it, which makes the emulation's wide area the simulator's (one path per cluster pair, whichever nodes send).
 */
public interface WanPaths {
    /** The path from cluster {@code from} to cluster {@code to}. */
    SharedPath path(String from, String to);

    /** Paths shared by the users of this object only. */
    static WanPaths inMemory() {
        Map<String, SharedPath> paths = new ConcurrentHashMap<>();
        return (from, to) -> paths.computeIfAbsent(from + "->" + to, k -> new InMemory());
    }

    /** Paths in {@code file}, shared with every process that maps the same file (created if missing). */
    static WanPaths mapped(Path file) throws IOException {
        return MappedWanPaths.open(file);
    }

    /** A path in this object, locked by a {@link ReentrantLock} (held only while one arrival is computed). */
    final class InMemory extends PathFields implements SharedPath {
        private final ReentrantLock lock = new ReentrantLock();
        private long packets;

        @Override
        public void lock() {
            lock.lock();
        }

        @Override
        public void unlock() {
            lock.unlock();
        }

        @Override
        public long packets() {
            return packets;
        }

        @Override
        public void packets(long count) {
            packets = count;
        }
    }
}
