package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import satin.ipl.IplException;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortType;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.timeline.Track;

/**
 * One send port per other node, connected to that node's receive port when the run starts. A peer may not have
 * created its receive port yet when the pool closes, so connecting retries until the run's timeout.
 *
 * <h2>One writer per peer; a send never waits</h2>
 * Writing a message may wait: the IPL's flow control holds a sender back while the peer's application has not taken
 * a window's worth of earlier messages (a peer that is slow, frozen, or dead and not yet known to be). So no caller
 * writes: {@link #send} puts the message in the peer's {@link Outbox} and returns; the outbox's one writer (a task
 * on this object's writer threads, at most one per outbox at a time) writes the queued messages in order. A worker,
 * the upcall thread, the express ABORT thread and the registry's dispatcher therefore never wait for another node's
 * progress, and none of them writes (or fails on) another thread's message (issue 30: {@code OneWriterPerPeerTest},
 * {@code RegistryThreadNeverWaitsTest}).
 *
 * <p><b>Ordering.</b> Messages to one peer are written in the order they were queued (one queue, one writer at a
 * time), so each thread's messages to a peer keep their order, and so do a thread's messages to a peer queued before
 * and after another thread's, as the protocol needs (SALVAGE before ORPHANS, the last RESULT before LEAVING). The
 * hand-off: a send adds to the queue, then sets the outbox's {@code scheduled} flag (compare-and-set) and if it set it,
 * starts the writer; the writer, when the queue is empty, clears the flag and checks the queue again, rescheduling
 * itself if a message came in between. As volatile accesses these cannot both miss a message.
 *
 * <p><b>Why two nodes cannot deadlock each other.</b> The only wait in sending is a writer's credit wait. Credit
 * from node B returns as B's upcall thread takes messages, and that thread never waits for a writer (sends only
 * queue). So a writer waiting for B's credit waits until B's upcall thread has taken the earlier messages, unless B
 * is gone, and then the IPL closes the link and the wait fails.
 *
 * <p><b>Failures.</b> The first message that cannot be written breaks the outbox: the writer reports it once to the
 * {@link LinkFailure} handler (the node: with fault tolerance an observation of the peer for the pool view, without
 * it the end of the run), drops what is queued, and later sends to that peer fail at once with it.
 *
 * <p><b>Closing</b> waits, bounded by the run's timeout, until every outbox to a live peer is written (a node's last
 * messages, its statistics, are queued just before it closes), then closes the ports.
 */
final class Peers implements AutoCloseable {

    /** A message written by hand (tests of the transport's behaviour, which send messages of their own). */
    @FunctionalInterface
    interface Body {
        void write(WriteMessage m) throws IOException;
    }

    /** Told, once per peer, of the first message to it that could not be written (on the writer's thread). */
    @FunctionalInterface
    interface LinkFailure {
        /** @param message the message that failed, or null for a test's own message */
        void broken(int peer, Message message, IOException cause);
    }

    /** What to do with a reply's job that could not be written (see {@link Codec#write}). */
    @FunctionalInterface
    interface OnUnwritten {
        void accept(Codec.Unwritten unwritten);
    }

    static final String RECEIVE_PORT = "satin";
    /** One connection attempt's limit: a lost handshake (udp) is retried rather than waited out. */
    private static final long ATTEMPT_MILLIS = 5_000;

    private final Node node;
    private final PortType type;
    /** The member of each node number (a pool that grows: numbers are learned during the run). */
    private final java.util.function.IntFunction<NodeIdentifier> members;
    private final java.util.concurrent.ConcurrentHashMap<Integer, Outbox> outboxes =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final long timeoutMillis;
    /** The node's {@code messages} row of its timeline, or null. */
    private final Track timeline;
    private final Codec codec;
    /** The outboxes' writers: a task per outbox with queued messages, at most one at a time. Daemon threads. */
    private final java.util.concurrent.ExecutorService writers = java.util.concurrent.Executors.newCachedThreadPool(
            r -> {
                Thread t = new Thread(r, "satin-peer-writer");
                t.setDaemon(true);
                return t;
            });
    private volatile LinkFailure onBroken = (peer, message, cause) -> { };
    /** Peers known gone: closing does not wait for their outboxes. */
    private volatile java.util.function.IntPredicate gone = n -> false;
    private volatile boolean closed;

    /** Sets who is told when a link breaks; before the first send. */
    void onBroken(LinkFailure handler) {
        this.onBroken = handler;
    }

    /** Sets which peers are gone, so that {@link #close} does not wait to write to them. */
    void gone(java.util.function.IntPredicate isGone) {
        this.gone = isGone;
    }

    Peers(Node node, PortType type, List<NodeIdentifier> members, long timeoutMillis, Codec codec) {
        this(node, type, members::get, timeoutMillis, null, codec);
        this.fixedSize = members.size();
    }

    /** The size of a fixed member list given at construction, or 0. */
    private int fixedSize;

    /** Connects to every other node of a fixed member list (see the list constructors). */
    void connectAll(int self) throws IOException {
        for (int i = 0; i < fixedSize; i++) {
            if (i != self) {
                outbox(i);
            }
        }
    }

    /** @param members the member of each node number; a number asked for is known (a message named it) */
    Peers(Node node, PortType type, java.util.function.IntFunction<NodeIdentifier> members, long timeoutMillis,
            Track timeline, Codec codec) {
        this.codec = codec;
        this.timeline = timeline;
        this.node = node;
        this.type = type;
        this.members = members;
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Sends one message to node {@code peer}: queues it for the peer's writer. Never waits; fails at once only when
     * the link to the peer broke before (or this object is closed).
     */
    void send(int peer, Message message) throws IOException {
        send(peer, message, null);
    }

    /** {@link #send(int, Message)}; {@code onUnwritten} is told when a reply's job could not be written. */
    void send(int peer, Message message, OnUnwritten onUnwritten) throws IOException {
        send(peer, message, onUnwritten, null);
    }

    /**
     * {@link #send(int, Message, OnUnwritten)}; {@code written} (if not null) is told the message's size in bytes once
     * the peer's writer has finished it (handed it to the transport), not before: a reply's job counts as held by its
     * thief from then on ({@code ExportLedger}, "Held"). Not told when the write failed.
     */
    void send(int peer, Message message, OnUnwritten onUnwritten, java.util.function.LongConsumer written)
            throws IOException {
        byte tag = Codec.tagOf(message);
        queue(peer, tag, message, m -> {
            Codec.Unwritten unwritten = codec.write(message, m);
            if (unwritten != null && onUnwritten != null) {
                onUnwritten.accept(unwritten);
            }
        }, written);
    }

    /** Sends a message of the test's own ({@code tag} first, then what {@code body} writes). */
    void send(int peer, byte tag, Body body) throws IOException {
        queue(peer, tag, null, m -> {
            m.writeByte(tag);
            body.write(m);
        }, null);
    }

    /**
     * Queues a whole message ({@code whole} writes its tag too) for the peer's writer. Fails at once when this object
     * is closed or the link to the peer broke before.
     */
    private void queue(int peer, byte tag, Message message, Body whole, java.util.function.LongConsumer written)
            throws IOException {
        if (closed) {
            throw new IplException("cannot send to node " + peer + ": this node's links are closed");
        }
        Outbox box = outbox(peer);
        IOException failure = box.broken;
        if (failure != null) {
            throw new IplException("cannot send to " + box.port.connectedTo() + ": " + failure.getMessage(), failure);
        }
        box.queue.add(new Outgoing(tag, message, whole, written));
        box.schedule();
    }

    /** Connects to every other node now, so that no connection is first made inside a message handler. */
    void connectAll(int self, java.util.Collection<Integer> numbers) throws IOException {
        for (int i : numbers) {
            if (i != self) {
                outbox(i);
            }
        }
    }

    /** Connects to node {@code peer} now (a node that joined the running pool), unless connected already. */
    void connectTo(int peer) throws IOException {
        outbox(peer);
    }

    /**
     * The outbox of {@code peer}, connecting first if there is none. The lock is taken only to create one, so a
     * connection being made (to a joiner, by its welcome thread) never holds up sends to the connected peers.
     */
    private Outbox outbox(int peer) throws IOException {
        Outbox box = outboxes.get(peer);
        if (box != null) {
            return box;
        }
        synchronized (outboxes) {
            box = outboxes.get(peer);
            if (box == null) {
                box = new Outbox(connect(peer), peer);
                outboxes.put(peer, box);
            }
            return box;
        }
    }

    /** A queued message; {@code written} (or null) is told its size once it is finished. */
    private record Outgoing(byte tag, Message message, Body body, java.util.function.LongConsumer written) {
    }

    /** The messages for one peer and its writer; see the class comment. */
    private final class Outbox {
        final SendPort port;
        final int peer;
        final ConcurrentLinkedQueue<Outgoing> queue = new ConcurrentLinkedQueue<>();
        /** Whether a writer task is scheduled or running for this outbox. */
        final AtomicBoolean scheduled = new AtomicBoolean();
        /** The first failure to write to this peer; the port is unusable after it. */
        volatile IOException broken;

        Outbox(SendPort port, int peer) {
            this.port = port;
            this.peer = peer;
        }

        /** Starts this outbox's writer unless it is scheduled already. Never waits. */
        void schedule() {
            if (scheduled.compareAndSet(false, true)) {
                try {
                    writers.execute(this::drain);
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    scheduled.set(false); // closed meanwhile: the message is dropped with the link
                }
            }
        }

        /** The writer: writes until the queue is empty, then hands over (see the class comment, Ordering). */
        private void drain() {
            while (true) {
                for (Outgoing o; (o = queue.poll()) != null; ) {
                    write(o);
                }
                scheduled.set(false);
                synchronized (this) {
                    notifyAll(); // close() may wait for this outbox
                }
                if (queue.isEmpty() || !scheduled.compareAndSet(false, true)) {
                    return;
                }
            }
        }

        private void write(Outgoing o) {
            if (broken != null) {
                return; // dropped: reported with the first failure
            }
            try {
                WriteMessage m = port.newMessage();
                o.body.write(m);
                long bytes = m.finish();
                if (timeline != null) {
                    long now = System.nanoTime();
                    timeline.add(Track.MESSAGE_SENT, now, now, (long) peer << 8 | o.tag, bytes);
                }
                if (o.written != null) {
                    o.written.accept(bytes);
                }
            } catch (IOException e) {
                fail(o, e);
            } catch (RuntimeException e) {
                fail(o, new IOException(e.toString(), e));
            }
        }

        private void fail(Outgoing o, IOException e) {
            broken = e;
            queue.clear();
            if (!closed) {
                onBroken.broken(peer, o.message, e);
            }
        }

        /** Waits until everything queued is written or the link broke, at most until {@code deadline}. */
        synchronized void awaitWritten(long deadline) throws InterruptedException {
            while ((scheduled.get() || !queue.isEmpty()) && broken == null) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                wait(left);
            }
        }
    }

    private SendPort connect(int peer) throws IOException {
        NodeIdentifier target = members.apply(peer);
        if (target == null) {
            throw new IplException("no node numbered " + peer + " is known here");
        }
        SendPort port = node.createSendPort(type, "to-" + peer);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            try {
                port.connect(new ReceivePortIdentifier(target, RECEIVE_PORT),
                        Math.min(ATTEMPT_MILLIS, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
                return port;
            } catch (IOException e) {
                if (gone.test(peer)) {
                    // gone while this node tried (a node that died between joining and main): no point waiting out
                    // the timeout; the caller knows what happened
                    port.close();
                    throw new IplException("gave up connecting to node " + target.location() + ": it is gone", e);
                }
                if (System.nanoTime() > deadline) {
                    port.close();
                    throw new IplException("cannot connect to node " + target.location() + " within "
                            + timeoutMillis + " ms: " + e.getMessage(), e);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IplException("interrupted connecting to " + target.location(), ie);
                }
            }
        }
    }

    @Override
    public void close() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        closed = true; // no new messages; what is queued goes out first
        try {
            for (Outbox b : outboxes.values()) {
                if (!gone.test(b.peer)) {
                    b.awaitWritten(deadline);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writers.shutdownNow(); // a writer still waiting for a gone peer's credit ends as its port closes
        synchronized (outboxes) {
            for (Outbox b : outboxes.values()) {
                try {
                    b.port.close();
                } catch (IOException ignored) {
                    // leaving anyway
                }
            }
        }
    }
}
