package satin.runtime.node.shared;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import satin.SharedObject;
import satin.contract.SharedMethods;
import satin.runtime.node.wire.JavaValues;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.SharedUpdate;
import satin.runtime.shared.SharedObjects;

/**
 * Shared objects across the nodes of a run: one replica of each object per node, and every write applied on every
 * node exactly once, in one order that is the same everywhere. The algorithm (a fixed sequencer: the master orders
 * every CREATE and WRITE; joiners start from a snapshot), its guarantees, threads, memory ordering and waits are in
 * the package overview ({@code node.shared}'s package-info). In short: message upcalls only queue updates; the applier
 * thread alone applies them and advances {@link #applied}; a writer waits (bounded by the run's timeout) until its own
 * replica applied its write.
 */
public final class SharedReplication implements SharedObjects, AutoCloseable {

    /** How updates leave: RemoteStealing's send, which skips peers that are gone; false when the peer is gone. */
    @FunctionalInterface
    public interface Sender {
        boolean send(int peer, Message message) throws IOException;
    }

    private static final byte CREATE = SharedUpdate.CREATE;
    private static final byte WRITE = SharedUpdate.WRITE;
    /** Master to a joiner: every replica's state at sequence number {@code seq} (see {@link #follow}). */
    private static final byte SNAPSHOT = SharedUpdate.SNAPSHOT;
    /** Master, queued to its own applier thread: start sending updates to node {@code origin}, a joiner. */
    private static final byte FOLLOW = 4;
    /** Object ids: the creating node in the high bits, its own counter below. */
    private static final int NODE_SHIFT = 40;

    private static final SharedUpdate STOP = new SharedUpdate(-1, -1, (byte) 0, 0, 0, "", new byte[0]);

    private final int self;
    private final int master;
    private final int nodes;
    private final Sender sender;
    private final long timeoutMillis;
    private final ClassLoader loader;
    private final Consumer<Throwable> failure;

    /** Object to id, for objects replicated from here and replicas installed here; guarded by itself. */
    private final Map<Object, Long> ids = new IdentityHashMap<>();
    private final Map<Long, SharedObject> replicas = new ConcurrentHashMap<>();
    /** The sequence number of each replicated object's CREATE, once this node applied it. */
    private final Map<Long, Long> createdAt = new ConcurrentHashMap<>();
    /** Each object's state as its CREATE carries it, where this node saw it: a job may bring it along. */
    private final Map<Long, byte[]> initialStates = new ConcurrentHashMap<>();
    /** Set on a node that joined the running pool until the master's snapshot is installed. */
    private volatile boolean awaitingSnapshot;
    private final AtomicLong localObjects = new AtomicLong();
    private final AtomicLong writeSerials = new AtomicLong();
    private final Map<Long, CompletableFuture<Object>> ownWrites = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<SharedUpdate> queue = new LinkedBlockingQueue<>();
    private final Thread applier;
    private final Object progress = new Object();
    /** Updates applied on this node; written by the applier thread only, inside {@code synchronized (progress)}. */
    private volatile long applied;

    // the applier thread's own state
    private long nextSeq;                                          // master: the last number given
    private long expected = 1;                                     // others: the number due next
    private final Set<Long> created = new java.util.TreeSet<>();   // master: objects whose CREATE was ordered
    private final List<Integer> followers = new ArrayList<>();     // master: joiners sent every update since their
                                                                   // snapshot
    private final Map<Long, List<SharedUpdate>> beforeCreate = new HashMap<>();

    /** Shared objects this node started replicating (its first export or shipped job of each). */
    public long objectsCreated() {
        return localObjects.get();
    }

    /** Writes this node's workers made to replicated objects, and writes applied here (statistics, tests). */
    public final LongAdder writesIssued = new LongAdder();
    public final LongAdder writesApplied = new LongAdder();

    public SharedReplication(int self, int master, int nodes, Sender sender, long timeoutMillis, ClassLoader loader,
            Consumer<Throwable> failure, String name) {
        this.self = self;
        this.master = master;
        this.nodes = nodes;
        this.sender = sender;
        this.timeoutMillis = timeoutMillis;
        this.loader = loader;
        this.failure = failure;
        this.applier = new Thread(this::applyLoop, name + "-shared");
        applier.setDaemon(true);
        applier.start();
    }

    // ---- workers ----

    @Override
    public Object write(SharedObject target, String method, Object[] args) throws Throwable {
        Long id;
        synchronized (target) {
            id = idOf(target);
            if (id == null) {
                return SharedMethods.invoke(target, method, args); // not replicated yet: stays local
            }
        }
        byte[] bytes;
        try {
            bytes = JavaValues.write(args);
        } catch (IOException e) {
            throw new IllegalArgumentException("the arguments of write method " + target.getClass().getName() + "."
                    + method + " cannot be sent to the other nodes: " + e, e);
        }
        long serial = writeSerials.incrementAndGet();
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        ownWrites.put(serial, outcome);
        writesIssued.increment();
        submit(new SharedUpdate(0, self, WRITE, id, serial, method, bytes));
        try {
            return outcome.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            ownWrites.remove(serial);
            throw new IllegalStateException("write method " + target.getClass().getName() + "." + method
                    + " was not applied within " + timeoutMillis + " ms: the master orders every write; is it busy "
                    + "or gone?", e);
        }
    }

    @Override
    public void export(SharedObject target) {
        try {
            register(target);
        } catch (IOException e) {
            throw new IllegalArgumentException("shared object " + target.getClass().getName()
                    + " cannot be sent to the other nodes: " + e, e);
        }
    }

    /** The object's id, replicating it first if it is not yet (its current state starts the other replicas). */
    public long register(SharedObject target) throws IOException {
        long id;
        byte[] state;
        synchronized (target) {
            Long known = idOf(target);
            if (known != null) {
                return known;
            }
            target.getObjectIdAndSetNonlocal(); // before its state is taken: no replica reads as local
            state = JavaValues.write(target);
            id = (long) self << NODE_SHIFT | localObjects.incrementAndGet();
            synchronized (ids) {
                ids.put(target, id);
            }
            replicas.put(id, target);
            initialStates.put(id, state);
        }
        submit(new SharedUpdate(0, self, CREATE, id, 0, "", state));
        return id;
    }

    private Long idOf(Object target) {
        synchronized (ids) {
            return ids.get(target);
        }
    }

    /** This node's replica of object {@code id}, or null when this node has not applied its CREATE. */
    SharedObject replicaHere(long id) {
        return replicas.get(id);
    }

    /** Object {@code id}'s state as its CREATE carries it, or null when this node never saw it. */
    public byte[] initialState(long id) {
        return initialStates.get(id);
    }

    /**
     * This node's replica of object {@code id}, made from {@code state} (its CREATE's state) unless there is one: a
     * job that brought the object along arrived before the object's CREATE. The CREATE, when it comes, finds the
     * replica and leaves it; every write to the object is ordered after that CREATE, so none is missed.
     */
    SharedObject installReplica(long id, byte[] state, String from) throws IOException {
        return install(id, state, from, true);
    }

    /** {@link #installReplica}, where {@code state} is the CREATE's state ({@code initial}) or a later one. */
    private SharedObject install(long id, byte[] state, String from, boolean initial) throws IOException {
        synchronized (ids) {
            SharedObject known = replicas.get(id);
            if (known != null) {
                return known;
            }
            Object o = JavaValues.read(state, loader, "shared object " + id + " from " + from);
            if (!(o instanceof SharedObject replica)) {
                throw new IOException(from + " sent a shared object that is not one: " + o);
            }
            ids.put(replica, id);
            replicas.put(id, replica);
            if (initial) {
                initialStates.putIfAbsent(id, state);
            }
            return replica;
        }
    }

    /** This node joined the running pool: it holds no replicas until the master's snapshot arrives. */
    public void awaitSnapshot() {
        awaitingSnapshot = true;
    }

    /** Whether this node joined the running pool and has not installed the master's snapshot yet. */
    public boolean awaitingSnapshot() {
        return awaitingSnapshot;
    }

    /**
     * What a steal request tells a victim about this node's replicas: the updates applied here, or -1 while a node
     * that joined the running pool waits for its snapshot (it takes no job that holds a shared object until then).
     */
    public long position() {
        return awaitingSnapshot ? -1 : applied;
    }

    /**
     * The position of object {@code id}'s CREATE in the total order of updates, or 0 while this node has not applied
     * it: every node that applied that many updates holds a replica ({@link SharedReferences}).
     */
    public long createdAt(long id) {
        Long seq = createdAt.get(id);
        return seq == null ? 0 : seq;
    }

    /**
     * Master: node {@code joiner} joined the running pool and asks for the replicas (SHARED_JOIN). It gets a snapshot
     * of every replica, then every update ordered after it, so it applies each write exactly once (see the package
     * comment). Upcall thread: queues only.
     */
    public void follow(int joiner) throws IOException {
        if (self != master) {
            throw new IOException("SHARED_JOIN from node " + joiner + " reached node " + self
                    + ", which is not the master");
        }
        queue.add(new SharedUpdate(0, joiner, FOLLOW, 0, 0, "", new byte[0]));
    }

    /**
     * Waits until {@code condition} holds, testing it again after every update applied here.
     *
     * @throws IllegalStateException with {@code what} once the run's timeout passed
     */
    public void awaitUpdates(BooleanSupplier condition, java.util.function.Supplier<String> what) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            long seen = applied; // volatile: every update counted is visible to the condition
            if (condition.getAsBoolean()) {
                return;
            }
            synchronized (progress) {
                while (applied == seen) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new IllegalStateException(what.get() + " within " + timeoutMillis + " ms (after "
                                + applied + " shared-object updates on this node)");
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(progress, left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(what.get() + ": interrupted", e);
                    }
                }
            }
        }
    }

    /** Updates applied on this node so far. */
    public long applied() {
        return applied;
    }

    private void submit(SharedUpdate u) {
        if (self == master) {
            queue.add(u);
            return;
        }
        try {
            if (!sender.send(master, new Message.SharedSubmit(self, u))) {
                throw new IOException("the master is gone");
            }
        } catch (IOException e) {
            failure.accept(e);
            throw new IllegalStateException("a shared-object update cannot reach the master: " + e.getMessage(), e);
        }
    }

    // ---- messages (upcall thread: queue only) ----

    public void onSubmit(Message.SharedSubmit m) throws IOException {
        SharedUpdate u = m.update();
        if (self != master) {
            throw new IOException("SHARED_SUBMIT from node " + u.origin() + " reached node " + self
                    + ", which is not the master");
        }
        queue.add(u);
    }

    public void onOrdered(Message.SharedOrdered m) throws IOException {
        if (self == master) {
            throw new IOException("SHARED_ORDERED reached the master, which orders updates itself");
        }
        queue.add(m.update());
    }

    // ---- the applier thread ----

    private void applyLoop() {
        while (true) {
            SharedUpdate u;
            try {
                u = queue.take(); // unbounded by nature: the thread serves the node until close()
            } catch (InterruptedException e) {
                return;
            }
            if (u == STOP) {
                return;
            }
            try {
                if (self == master) {
                    if (u.kind() == FOLLOW) {
                        sendSnapshot(u.origin());
                    } else {
                        sequence(u);
                    }
                } else if (u.kind() == SNAPSHOT) {
                    installSnapshot(u);
                } else {
                    if (u.seq() != expected) {
                        throw new IOException("shared-object update " + u.seq() + " arrived where " + expected
                                + " was due");
                    }
                    expected++;
                    apply(u);
                }
            } catch (IOException | RuntimeException e) {
                failure.accept(e);
                return;
            }
        }
    }

    /** Master: numbers the update, sends it to every other node, applies it here. */
    private void sequence(SharedUpdate u) throws IOException {
        if (u.kind() == WRITE && !created.contains(u.object())) {
            beforeCreate.computeIfAbsent(u.object(), k -> new ArrayList<>()).add(u);
            return;
        }
        SharedUpdate ordered = u.ordered(++nextSeq);
        // applied here first: a node that has applied an update knows the master has too, so a job's result that
        // reaches the master after its writes returned finds them applied on the master's replica
        apply(ordered);
        for (int peer = 0; peer < nodes; peer++) {
            if (peer != self) {
                sender.send(peer, new Message.SharedOrdered(self, ordered)); // false: gone, nothing to do
            }
        }
        for (int joiner : followers) {
            sender.send(joiner, new Message.SharedOrdered(self, ordered));
        }
        if (u.kind() == CREATE) {
            created.add(u.object());
            List<SharedUpdate> held = beforeCreate.remove(u.object());
            if (held != null) {
                for (SharedUpdate h : held) {
                    sequence(h);
                }
            }
        }
    }

    private void apply(SharedUpdate u) throws IOException {
        if (u.kind() == CREATE) {
            installReplica(u.object(), u.bytes(), "node " + u.origin());
            createdAt.put(u.object(), u.seq());
        } else {
            SharedObject replica = replicas.get(u.object());
            if (replica == null) {
                throw new IOException("a write to shared object " + u.object() + " arrived before the object");
            }
            Object[] args = (Object[]) JavaValues.read(u.bytes(), loader, "the arguments of write " + u.method()
                    + " from node " + u.origin());
            Object result = null;
            Throwable thrown = null;
            try {
                result = SharedMethods.applyLocally(replica, u.method(), args);
            } catch (Throwable t) {
                thrown = t; // thrown on every replica alike; the writer gets it
            }
            writesApplied.increment();
            if (u.origin() == self) {
                CompletableFuture<Object> writer = ownWrites.remove(u.serial());
                if (writer != null) {
                    if (thrown != null) {
                        writer.completeExceptionally(thrown);
                    } else {
                        writer.complete(result);
                    }
                }
            }
        }
        synchronized (progress) {
            applied++;
            progress.notifyAll();
        }
    }

    /**
     * Master, applier thread: sends node {@code joiner} the state of every replicated object as it is now, after
     * update {@link #nextSeq} (this thread applies every update, so no write is half in it), and from now on every
     * update ordered after it. The snapshot and the updates travel on the one FIFO link to the joiner, in that order.
     */
    private void sendSnapshot(int joiner) throws IOException {
        if (joiner == self || followers.contains(joiner) || joiner < nodes) {
            return;
        }
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        try (java.io.DataOutputStream out = new java.io.DataOutputStream(buffer)) {
            out.writeInt(created.size());
            for (long id : created) {
                SharedObject replica = replicas.get(id);
                byte[] state;
                synchronized (replica) {
                    state = JavaValues.write(replica);
                }
                out.writeLong(id);
                out.writeLong(createdAt(id));
                out.writeInt(state.length);
                out.write(state);
            }
        }
        SharedUpdate snapshot = new SharedUpdate(nextSeq, self, SNAPSHOT, 0, 0, "", buffer.toByteArray());
        if (sender.send(joiner, new Message.SharedOrdered(self, snapshot))) {
            followers.add(joiner);
        }
    }

    /** A joiner, applier thread: installs the master's snapshot; the next update due is the one after it. */
    private void installSnapshot(SharedUpdate u) throws IOException {
        if (expected != 1 || applied != 0) {
            throw new IOException("a snapshot of the shared objects arrived after " + applied + " updates");
        }
        try (java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(u.bytes()))) {
            int n = in.readInt();
            if (n < 0 || n > u.bytes().length / 20) {
                throw new IOException("a snapshot of " + n + " shared objects in " + u.bytes().length + " bytes");
            }
            for (int k = 0; k < n; k++) {
                long id = in.readLong();
                long seq = in.readLong();
                int length = in.readInt();
                if (length < 0 || length > in.available()) {
                    throw new IOException("a snapshot's shared object " + id + " of " + length + " bytes");
                }
                install(id, in.readNBytes(length), "the master's snapshot", false);
                createdAt.put(id, seq);
            }
        }
        expected = u.seq() + 1;
        synchronized (progress) {
            applied = u.seq();
            progress.notifyAll();
        }
        awaitingSnapshot = false;
    }

    /** Stops the applier thread; updates still queued are dropped (the run is over). */
    @Override
    public void close() {
        queue.add(STOP);
    }
}
