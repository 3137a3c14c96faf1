package satin.runtime.node;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import satin.ipl.NodeIdentifier;
import satin.runtime.node.life.RunPhase;
import satin.runtime.node.wire.Message;

/**
 * Nodes that join the running pool: each older member welcomes a joiner (connects, sends it a WARMUP, makes it a
 * victim), and a joiner makes the members that welcomed it victims once its own runtime runs. Threads: a welcome runs
 * on a thread of its own (connecting may take a while, and the protocol loop may not wait for it) and posts its
 * result (the member READY) to the loop; {@link #welcomes}, the joined events and the move to RUNNING are steps of
 * the protocol loop, so a welcome that arrives while the runtime starts is acted on exactly once, by whichever of the
 * two comes second; {@link #welcomed} makes each welcome happen once, whoever asks.
 */
final class Welcomes {

    private static final Logger log = LoggerFactory.getLogger(Welcomes.class);

    private final NodeRun run;
    private final EndOfRun end;
    /** Joiners this node has welcomed (or is welcoming): each once. */
    private final Set<Integer> welcomed = ConcurrentHashMap.newKeySet();
    /** Older members that welcomed this node, a joiner (WARMUP messages); the protocol loop's. */
    private final Set<Integer> welcomes = new HashSet<>();

    Welcomes(NodeRun run, EndOfRun end) {
        this.run = run;
        this.end = end;
    }

    /**
     * This node runs: from now on it welcomes the joiners it must (those known already, then each as its joined event
     * arrives), and the older members that welcomed it (a joiner) become victims.
     */
    void start() throws SatinNode.NodeFailure {
        run.onLoop(() -> {
            run.phase.moveTo(RunPhase.RUNNING);
            welcomes.forEach(run.membership::ready);
        });
        for (int n : run.membership.numbers()) {
            welcome(n);
        }
    }

    /** The registry's joined event for {@code number}: welcomed at once when this node runs and the run is not over. */
    void joined(int number) {
        if (run.phase.get().welcomesJoiners()) {
            welcome(number);
        }
    }

    /**
     * Welcomes node {@code number} if it joined the running pool after this node: on a thread of its own, connects to
     * it, sends it a WARMUP (the welcome: this node knows it and answers its requests), and makes it a victim here.
     * A joiner steals from a member only after that member's welcome, so every reply finds its link made. Joiners
     * need fault tolerance: without it, the pool is not malleable and the registry refuses them.
     */
    private void welcome(int number) {
        int self = run.self();
        if (number <= self || !run.membership.isJoiner(number) || !welcomed.add(number)) {
            return;
        }
        Thread t = new Thread(() -> {
            NodeRun.Wired parts = run.wired();
            try {
                parts.peers().connectTo(number);
                parts.remote().sendIfAlive(number, new Message.Warmup(self));
                run.loop.post(() -> run.membership.ready(number));
                NodeIdentifier id = run.membership.get(number);
                log.info("{}: node {} ({}) joined the running pool", run.who(), number,
                        id == null ? "?" : id.location());
                if (run.phase.get() == RunPhase.ENDED) {
                    // it joined as this node ended the run
                    parts.remote().sendIfAlive(number, new Message.Done(self, self, end.mainNanosAtDone()));
                }
            } catch (IOException | RuntimeException e) {
                log.warn("{}: cannot welcome node {} that joined the pool: {}", run.who(), number, e.toString());
            }
        }, run.options.nodeName() + "-welcome-" + number);
        t.setDaemon(true);
        t.start();
    }

    /** A WARMUP from {@code from}: from an older member to this joiner, its welcome. */
    void welcomedBy(int from) {
        welcomes.add(from);
        int self = run.self();
        if (run.phase.get().started() && run.membership.isJoiner(self) && from < self) {
            run.membership.ready(from);
        }
    }
}
