package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * <h2>Sending from any thread, without ever making an upcall thread wait</h2>
 * Writing a message may wait: the IPL's flow control holds a sender back while the peer's application has not
 * taken a window's worth of earlier messages. The IPL never makes an upcall thread wait for credit (it lets
 * upcalls overdraw), but a lock around the port would: an upcall thread would wait for the lock's holder, a worker
 * waiting for credit. Two nodes whose workers both wait for credit from each other, and whose upcall threads both
 * wait behind those workers, then wait forever, because credit comes back only when an upcall thread takes
 * messages ({@code PeersFlowControlTest}).
 *
 * <p>So each peer has an {@link Outbox}: a queue of messages and a flag saying that some thread is writing them.
 * A send queues its message, then tries to become the writer (a compare-and-set of the flag); the writer writes
 * every queued message, its own and those queued meanwhile, until the queue is empty, clears the flag, and checks
 * the queue again. A send that finds a writer at work returns at once: the writer writes its message. Nobody waits
 * for another thread here. The queue and the flag are volatile, hence sequentially consistent: a message queued as
 * the writer finishes is seen by the writer's re-check or by its own sender's compare-and-set.
 *
 * <p><b>Why two nodes cannot deadlock each other.</b> The only wait in sending is the IPL's credit wait, by a writer
 * that is not an upcall thread. Credit from node B returns as B's upcall thread takes messages, and that thread
 * waits for nothing but its next message: a send here never waits, and the handlers of {@link SatinNode} and
 * {@link RemoteStealing} hold no lock across a wait and never wait for the node's progress. So a writer waiting for
 * B's credit waits only until B's upcall thread has taken the messages queued before, unless B is gone, and then the
 * IPL closes the link and the wait fails (B died, as the registry reports) or the run's timeout ends it elsewhere.
 *
 * <p>Messages to one peer are written in the order they were queued, so each thread's messages keep their order.
 * A message that cannot be written fails the send that writes it, which may be another thread's: every failure to
 * send ends the run, so it is not lost, and later sends to that peer fail at once with it (a message abandoned
 * half-written would otherwise hold the port forever).
 */
final class Peers implements AutoCloseable {

    /** A message written by hand (tests of the transport's behaviour, which send messages of their own). */
    @FunctionalInterface
    interface Body {
        void write(WriteMessage m) throws IOException;
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
     * Sends one message to node {@code peer}: writes it, with the others queued for that peer, or leaves it to the
     * thread writing them. Never waits for another thread; waits for credit only off upcall threads.
     */
    void send(int peer, Message message) throws IOException {
        send(peer, message, null);
    }

    /** {@link #send(int, Message)}; {@code onUnwritten} is told when a reply's job could not be written. */
    void send(int peer, Message message, OnUnwritten onUnwritten) throws IOException {
        byte tag = Codec.tagOf(message);
        queue(peer, tag, m -> {
            Codec.Unwritten unwritten = codec.write(message, m);
            if (unwritten != null && onUnwritten != null) {
                onUnwritten.accept(unwritten);
            }
        });
    }

    /** Sends a message of the test's own ({@code tag} first, then what {@code body} writes). */
    void send(int peer, byte tag, Body body) throws IOException {
        queue(peer, tag, m -> {
            m.writeByte(tag);
            body.write(m);
        });
    }

    /** Queues a whole message ({@code whole} writes its tag too) and writes what is queued unless another does. */
    private void queue(int peer, byte tag, Body whole) throws IOException {
        Outbox box = outbox(peer);
        box.queue.add(new Outgoing(tag, whole));
        box.flush();
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
                box = new Outbox(connect(peer), peer, timeline);
                outboxes.put(peer, box);
            }
            return box;
        }
    }

    private record Outgoing(byte tag, Body body) {
    }

    /** The messages for one peer and the flag of the thread writing them; see the class comment. */
    private static final class Outbox {
        final SendPort port;
        final int peer;
        final Track timeline;
        final ConcurrentLinkedQueue<Outgoing> queue = new ConcurrentLinkedQueue<>();
        final AtomicBoolean writing = new AtomicBoolean();
        /** The first failure to write to this peer; the port is unusable after it. */
        volatile IOException broken;

        Outbox(SendPort port, int peer, Track timeline) {
            this.port = port;
            this.peer = peer;
            this.timeline = timeline;
        }

        void flush() throws IOException {
            while (!queue.isEmpty() && writing.compareAndSet(false, true)) {
                try {
                    for (Outgoing o; (o = queue.poll()) != null; ) {
                        write(o);
                    }
                } finally {
                    writing.set(false);
                }
            }
            IOException failure = broken;
            if (failure != null) {
                throw new IplException("cannot send to " + port.connectedTo() + ": " + failure.getMessage(), failure);
            }
        }

        private void write(Outgoing o) throws IOException {
            if (broken != null) {
                return; // reported by flush
            }
            try {
                WriteMessage m = port.newMessage();
                o.body.write(m);
                long bytes = m.finish();
                if (timeline != null) {
                    long now = System.nanoTime();
                    timeline.add(Track.MESSAGE_SENT, now, now, (long) peer << 8 | o.tag, bytes);
                }
            } catch (IOException e) {
                broken = e;
            } catch (RuntimeException e) {
                broken = new IOException(e.toString(), e);
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
