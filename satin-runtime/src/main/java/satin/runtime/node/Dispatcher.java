package satin.runtime.node;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import satin.ipl.NodeIdentifier;
import satin.ipl.ReadMessage;
import satin.runtime.node.membership.PoolView;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.shared.SharedReplication;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;
import satin.runtime.timeline.Timeline;
import satin.runtime.timeline.Track;

/**
 * Hands each message a node receives to the part that owns its state: stealing ({@link RemoteStealing}), shared
 * objects ({@link SharedReplication}), crash recovery ({@link CrashRecovery}), the end of the run ({@link EndOfRun}),
 * the statistics ({@link RunStatistics}), a graceful leave ({@link GracefulLeave}) and joiners' welcomes
 * ({@link Welcomes}).
 *
 * <h2>Threads</h2>
 * Every message is read on the thread the IPL delivers it on and handled as one step of the node's protocol loop
 * ({@link satin.runtime.node.loop.ProtocolLoop}), so handlers run one at a time with every other step of the node
 * (registry events, closed links, failed writes) and need no lock against each other. The receive port's upcall
 * thread reads the messages one at a time in arrival order and, when the loop is idle, runs the steps itself (no
 * thread hand-off on the message path). An ABORT is read at once on the transport's thread (the port's
 * {@link NodeInbox}), overtaking the messages queued for the upcall thread, and only posted: it reaches the loop ahead
 * of what the upcall thread has not read yet, and is ordered against the STEAL_REPLY that brought its job by the loop
 * (whichever step comes second sees the first: {@link RemoteStealing}, Abort).
 *
 * <p>No step ever waits for this node's progress (for its warm-up or the start of its runtime): a message
 * it waited behind would wait too, and one of those can be the WARMUP that ends the warm-up. Instead every
 * message is safe to handle from the moment the receive port exists:
 * <ul>
 *   <li>WARMUP releases a permit, STATS files a report, DONE completes the run's {@code finished}: they need
 *       nothing.</li>
 *   <li>STEAL_REQUEST needs the stealing side ({@link NodeRun#wired}), which is published before this node sends its
 *       first WARMUP. A peer steals only once it is ready, that is after it handled this node's WARMUP, so its
 *       request is handled after the publication. Before this node's runtime exists, {@link RemoteStealing} has no
 *       pool and answers "no job".</li>
 *   <li>SHARED_SUBMIT and SHARED_ORDERED need the replicas, published with the stealing side; a peer writes a
 *       shared object only once its runtime runs, after the warm-up. SHARED_JOIN comes from a joiner to the master,
 *       which runs; the master's answer reaches the joiner after it published its replicas.</li>
 *   <li>STEAL_REPLY and RESULT answer a steal request or an exported job of this node, which its runtime's
 *       workers make only after the stealing side was published. An ABORT names a job this node stole, so it comes
 *       after such a request too.</li>
 * </ul>
 * So a missing stealing side is a peer breaking the protocol, reported as such.
 */
final class Dispatcher {

    private final NodeRun run;
    private final Codec codec;
    private final WarmUp warmUp;
    private final Welcomes welcomes;
    private final EndOfRun end;
    private final RunStatistics statistics;
    private final GracefulLeave leave;
    /** The timeline's {@code messages} row and the members' indices, set once the pool closed (before any message). */
    private volatile Track messages;
    private volatile Map<NodeIdentifier, Integer> memberIndex = Map.of();

    Dispatcher(NodeRun run, Codec codec, WarmUp warmUp, Welcomes welcomes, EndOfRun end, RunStatistics statistics,
            GracefulLeave leave) {
        this.run = run;
        this.codec = codec;
        this.warmUp = warmUp;
        this.welcomes = welcomes;
        this.end = end;
        this.statistics = statistics;
        this.leave = leave;
    }

    /** Names the pool's members in the timeline; returns its {@code messages} row, where messages are recorded. */
    Track recordInto(Timeline timeline, int self) {
        PoolView membership = run.membership;
        List<String> names = new ArrayList<>();
        Map<NodeIdentifier, Integer> index = new HashMap<>();
        for (int i = 0; i <= membership.numbers().get(membership.numbers().size() - 1); i++) {
            NodeIdentifier id = membership.get(i);
            names.add(id == null ? "?" : id.location().toString());
            if (id != null) {
                index.put(id, i);
            }
        }
        timeline.members(names, self);
        Track messages = timeline.track("messages");
        memberIndex = index;
        this.messages = messages;
        return messages;
    }

    /**
     * The receive port's upcall (both threads, see the class comment): reads the message here, where the transport
     * holds it, and posts its handling to the protocol loop. The port's thread runs the loop's steps itself when the
     * loop is idle (no hand-off on the message path); an ABORT, read on a transport's I/O thread, is only posted.
     */
    void dispatch(ReadMessage m) throws IOException {
        NodeIdentifier origin = m.origin().node();
        Message message;
        try {
            long size = m.size();
            message = codec.read(m);
            Track row = messages;
            if (row != null) {
                long now = System.nanoTime();
                Integer from = memberIndex.get(origin);
                row.add(Track.MESSAGE_RECEIVED, now, now, (long) (from == null ? -1 : from) << 8 | Codec.tagOf(message),
                        size);
            }
        } catch (IOException | RuntimeException e) {
            run.fail(e, "reading a message from " + m.origin());
            throw e instanceof IOException io ? io : new IOException(e);
        }
        Runnable step = () -> handle(origin, message);
        if (message instanceof Message.Abort) {
            run.loop.post(step);
        } else {
            run.loop.postOrRun(step);
        }
    }

    /** One message's step on the protocol loop: to the part that owns its state. */
    private void handle(NodeIdentifier origin, Message message) {
        try {
            if (run.membership.get(PoolView.numberOf(origin)) == null) {
                run.membership.learn(origin); // a joiner whose message overtook the registry's joined event
            }
            byte tag = Codec.tagOf(message);
            if (message instanceof Message.Warmup w) {
                warmUp.received();
                welcomes.welcomedBy(w.from());
            } else if (message instanceof Message.StealRequest r) {
                parts(tag).remote().onStealRequest(r);
            } else if (message instanceof Message.StealReply r) {
                parts(tag).remote().onStealReply(r);
            } else if (message instanceof Message.Result r) {
                parts(tag).remote().onResult(r);
            } else if (message instanceof Message.Abort a) {
                parts(tag).remote().onAbort(a);
            } else if (message instanceof Message.SharedSubmit u) {
                parts(tag).shared().onSubmit(u);
            } else if (message instanceof Message.SharedOrdered u) {
                parts(tag).shared().onOrdered(u);
            } else if (message instanceof Message.SharedJoin j) {
                parts(tag).shared().follow(j.from());
            } else if (message instanceof Message.Done d) {
                end.onDone(d);
            } else if (message instanceof Message.DoneQuery q) {
                parts(tag);
                end.onDoneQuery(q);
            } else if (message instanceof Message.DoneAnswer a) {
                end.onDoneAnswer(a);
            } else if (message instanceof Message.Statistics st) {
                statistics.onStatistics(st);
            } else if (message instanceof Message.Orphans o) {
                onOrphans(o);
            } else if (message instanceof Message.Salvage sv) {
                parts(tag).remote().onSalvage(sv);
            } else if (message instanceof Message.Leaving l) {
                leave.onLeaving(l);
            } else if (message instanceof Message.LeaveAck a) {
                leave.onLeaveAck(a);
            }
        } catch (IOException | RuntimeException e) {
            run.fail(e, "handling a message from " + origin);
        }
    }

    private NodeRun.Wired parts(byte tag) throws IOException {
        NodeRun.Wired parts = run.wired();
        if (parts == null) {
            throw new IOException("message " + tag + " arrived before this node sent its WARMUP");
        }
        return parts;
    }

    private void onOrphans(Message.Orphans m) throws IOException {
        CrashRecovery crashes = run.recovery();
        if (crashes == null) {
            throw new IOException("ORPHANS from node " + m.from() + " in a run that does not survive crashes");
        }
        crashes.onOrphans(m.from(), m.dead(), m.keys());
    }
}
