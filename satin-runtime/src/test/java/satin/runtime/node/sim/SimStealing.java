package satin.runtime.node.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import satin.balance.BalancePolicies;
import satin.balance.StealMode;
import satin.balance.StealPolicy;
import satin.balance.VictimSelector;
import satin.contract.InvocationRecord;
import satin.runtime.node.recovery.CrashRecovery;
import satin.runtime.node.recovery.SalvagedResults;
import satin.runtime.node.recovery.StealingSide;
import satin.runtime.node.steal.ExportLedger;
import satin.runtime.node.wire.Message;
import satin.runtime.node.wire.Outcome;
import satin.runtime.node.wire.ShippedJob;
import satin.runtime.spawn.SalvagedLookup;

/**
 * A simulated node's stealing between nodes: the harness's stand-in for {@code node.RemoteStealing}, which is still
 * tied to threads and the IPL. It follows that class method by method (the names are its names): steal requests
 * driven by the real policy ({@code satin.balance}), the victim's answer (the oldest queued job, else a relayable
 * arrived one), the arrived, running and relayed jobs, results going home and kept for their owners, and the
 * {@link StealingSide} the real {@link CrashRecovery} calls; the jobs out with thieves are in the real
 * {@link ExportLedger}. When RemoteStealing's decisions are a class of their own, the harness calls that class and
 * this one goes. The {@link Mutation}s break its rules on purpose.
 */
final class SimStealing implements StealingSide {

    /** What {@link #poll} says the worker does next. */
    static final int WAITING = 0;
    static final int ANSWERED = 1;
    static final int NOTHING = 2;

    private record Origin(int node, long jobId, long key) {
    }

    private record Arrival(SumJob record, Origin origin, boolean relayable) {
    }

    /** The synchronous steal request in flight: its reply has come when {@code done}. */
    private static final class SyncRequest {
        final int victim;
        final long id;
        boolean done;
        boolean gotJob;

        SyncRequest(int victim, long id) {
            this.victim = victim;
            this.id = id;
        }
    }

    private final SimNode node;
    private final World world;
    private final int number;
    private final SplittableRandom random;
    private final CrashRecovery recovery;
    private final SalvagedResults salvaged;
    final ExportLedger ledger = new ExportLedger();
    private final StealPolicy policy;
    private final List<Object[]> toSend = new ArrayList<>();
    private final ArrayDeque<Arrival> arrived = new ArrayDeque<>();
    private final Map<SumJob, Origin> running = new IdentityHashMap<>();
    private final Set<SumJob> relayed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<Integer, List<Object[]>> kept = new HashMap<>();
    /** Every export ever made here, for {@link Mutation#LATE_RESULT_COMPLETES} only. */
    private final Map<Long, SumJob> everExported = new HashMap<>();
    private SyncRequest inFlight;
    private final Map<Long, Integer> asyncReplies = new HashMap<>();
    private long ids;

    SimStealing(SimNode node, World world, int cluster) {
        this.node = node;
        this.world = world;
        this.number = node.number;
        this.random = world.randomFor(node.number);
        this.recovery = node.recovery;
        this.salvaged = node.salvaged;
        BalancePolicies kind = world.scenario.clusters() > 1 ? BalancePolicies.CRS : BalancePolicies.RS;
        this.policy = kind.create(new Victims(cluster), (victim, mode) -> toSend.add(new Object[] {victim, mode}));
    }

    /** Whether a job that came from another node waits here unstarted. */
    boolean hasArrivals() {
        return !arrived.isEmpty();
    }

    /** Whether {@code job} came from another node (or through it): its result goes home when it ends. */
    boolean runsForeign(SumJob job) {
        return running.containsKey(job);
    }

    /** As {@code RemoteStealing.holdsNothing}. */
    boolean holdsNothing() {
        return arrived.isEmpty() && inFlight == null && asyncReplies.isEmpty() && ledger.isEmpty()
                && running.isEmpty();
    }

    String describe() {
        return "exported " + ledger.size() + ", running " + running.size() + ", arrived " + arrived.size()
                + ", relayed " + relayed.size();
    }

    /**
     * As the request part of {@code RemoteStealing.poll}: asks the policy (unless a synchronous request is in flight,
     * or the node is leaving), sends its requests, and says whether the node's worker waits for a reply
     * ({@link #WAITING}), may look again at once ({@link #ANSWERED}) or backs off ({@link #NOTHING}).
     */
    int poll(boolean leaving) {
        if (inFlight == null && !leaving) {
            toSend.clear();
            policy.onIdle();
            for (Object[] r : new ArrayList<>(toSend)) {
                int victim = (Integer) r[0];
                StealMode mode = (StealMode) r[1];
                long id = ++ids;
                if (mode == StealMode.SYNCHRONOUS) {
                    inFlight = new SyncRequest(victim, id);
                    SyncRequest request = inFlight;
                    world.at(world.now() + Scenario.STEAL_TIMEOUT, () -> {
                        if (inFlight == request && !request.done && !node.gone()) {
                            world.violation("node " + number + " waits for a steal reply from node " + victim
                                    + " beyond the timeout");
                        }
                    });
                    if (!node.send(victim, new Message.StealRequest(number, id, true, -1, false))) {
                        request.done = true;
                    }
                } else {
                    asyncReplies.put(id, victim);
                    if (!node.send(victim, new Message.StealRequest(number, id, false, -1, false))
                            && asyncReplies.remove(id) != null) {
                        policy.onReply(victim, mode, false);
                    }
                }
            }
        }
        if (inFlight != null && inFlight.done) {
            SyncRequest request = inFlight;
            inFlight = null;
            policy.onReply(request.victim, StealMode.SYNCHRONOUS, request.gotJob);
            return arrived.isEmpty() ? NOTHING : ANSWERED;
        }
        return inFlight == null ? NOTHING : WAITING;
    }

    SumJob takeArrived(boolean forThief) {
        Arrival a = null;
        if (forThief) {
            a = removeFirstArrival(Arrival::relayable);
        } else if (!arrived.isEmpty()) {
            a = arrived.pollFirst();
        }
        if (a == null) {
            return null;
        }
        running.put(a.record, new Origin(a.origin.node, a.origin.jobId, salvaged.identity(a.record)));
        return a.record;
    }

    private Arrival removeFirstArrival(Predicate<Arrival> which) {
        for (Iterator<Arrival> i = arrived.iterator(); i.hasNext();) {
            Arrival a = i.next();
            if (which.test(a)) {
                i.remove();
                return a;
            }
        }
        return null;
    }

    /** As {@code RemoteStealing.answer}: the oldest queued job, else a relayable arrived one, else none. */
    void answer(int thief, long requestId, boolean synchronous, boolean thiefInSync) {
        boolean giving = !(node.stopped() || recovery.isDead(thief));
        SumJob own = giving ? stealForExport(!thiefInSync) : null;
        SumJob job = own != null || !giving ? own : relayArrived();
        long jobId = job == null ? -1 : ++ids;
        if (job != null) {
            ledger.export(jobId, job, thief, world.now());
            everExported.put(jobId, job);
        }
        boolean replied = node.send(thief, new Message.StealReply(number, requestId, synchronous,
                job == null ? null : new ShippedJob(job, jobId, job.lookup, -1)));
        if (!replied && job != null) {
            lostWith(thief).forEach(r -> recovery.requeueNow(r, thief));
        }
    }

    private SumJob stealForExport(boolean requeuedToo) {
        return node.takeQueued(requeuedToo);
    }

    private SumJob relayArrived() {
        SumJob job = takeArrived(true);
        if (job != null) {
            relayed.add(job);
        }
        return job;
    }

    void onStealReply(Message.StealReply m) {
        SumJob job = m.job() == null ? null : (SumJob) m.job().record();
        if (job != null) {
            job.lookup = m.job().reExecution();
            arrived.addLast(new Arrival(job, new Origin(m.from(), m.job().jobId(), 0), !m.synchronous()));
        }
        if (m.synchronous()) {
            if (inFlight != null && inFlight.id == m.requestId()) {
                inFlight.done = true;
                inFlight.gotJob = job != null;
            }
        } else if (asyncReplies.remove(m.requestId()) != null) {
            policy.onReply(m.from(), StealMode.ASYNCHRONOUS, job != null);
        }
    }

    void onResult(Message.Result m) {
        ExportLedger.Export export = ledger.claim(m.jobId());
        SumJob job = export == null ? null : (SumJob) export.record();
        if (job == null && world.mutation == Mutation.LATE_RESULT_COMPLETES) {
            job = everExported.get(m.jobId());
        }
        if (job == null) {
            return; // given up for lost and taken back: never completed twice
        }
        if (m.outcome() instanceof Outcome.Lost lost) {
            recovery.handedBack(job, lost.deadThief());
        } else if (m.outcome().completes()) {
            completeExported(job, (Long) m.outcome().result());
        } else {
            world.violation("node " + number + ": a RESULT the simulation never sends: " + m);
        }
    }

    private void completeExported(SumJob job, long value) {
        relayed.remove(job);
        node.complete(job, value);
    }

    /** As {@code RemoteStealing.finished}: a job from another node ended here; its result goes home. */
    void finished(SumJob job) {
        Origin origin = running.remove(job);
        SalvagedResults.Outcome outcome = new SalvagedResults.Outcome(job.result, null, 0);
        boolean sent = node.send(origin.node, new Message.Result(number, origin.jobId, new Outcome.Value(job.result)));
        if (!sent) {
            recovery.salvage(origin.key, outcome, true);
        } else {
            kept.computeIfAbsent(origin.node, k -> new ArrayList<>()).add(new Object[] {origin.key, outcome});
        }
    }

    private void putBack(SumJob job) {
        relayed.remove(job);
        Origin origin = running.remove(job);
        arrived.addLast(new Arrival(job, origin, true));
    }

    // ---- StealingSide: what crash recovery asks (as RemoteStealing) ----

    @Override
    public void victimGone(int victim) {
        if (inFlight != null && inFlight.victim == victim) {
            inFlight.done = true;
            inFlight.gotJob = false;
            node.wake();
        }
        asyncReplies.entrySet().removeIf(e -> {
            if (e.getValue() != victim) {
                return false;
            }
            policy.onReply(victim, StealMode.ASYNCHRONOUS, false);
            return true;
        });
    }

    @Override
    public List<InvocationRecord> lostWith(int thief) {
        return lostWith(thief, false);
    }

    @Override
    public List<InvocationRecord> lostWith(int thief, boolean keepRelayed) {
        List<InvocationRecord> lost = new ArrayList<>();
        List<SumJob> relayedLost = new ArrayList<>();
        for (ExportLedger.Export e : ledger.claimAllOf(thief)) {
            if (relayed.contains(e.record()) && !keepRelayed) {
                relayedLost.add((SumJob) e.record());
            } else {
                lost.add(e.record());
            }
        }
        relayedLost.forEach(this::putBack);
        node.wake();
        return lost;
    }

    @Override
    public List<Long> orphansOf(int owner) {
        List<Long> keys = new ArrayList<>();
        for (Origin o : running.values()) {
            if (o.node == owner) {
                keys.add(o.key);
            }
        }
        for (Arrival a : arrived) {
            if (a.origin.node == owner) {
                keys.add(salvaged.identity(a.record));
            }
        }
        return keys;
    }

    @Override
    public void salvageKept(int owner) {
        List<Object[]> results = kept.remove(owner);
        if (results != null) {
            results.forEach(k -> recovery.salvage((Long) k[0], (SalvagedResults.Outcome) k[1], false));
        }
    }

    @Override
    public void completeSalvaged(InvocationRecord record, Object result, Throwable failure) {
        completeExported((SumJob) record, (Long) result);
        node.wake();
    }

    @Override
    public boolean sendIfAlive(int peer, Message message) {
        return node.send(peer, message);
    }

    @Override
    public void sendSalvaged(int peer, long key, SalvagedResults.Outcome outcome) {
        node.send(peer, new Message.Salvage(number, key, outcome.workNanos(), new Outcome.Value(outcome.result())));
    }

    @Override
    public void sendWithdrawn(int peer, long key) {
        node.send(peer, new Message.Salvage(number, key, 0, new Outcome.Rerun("withdrawn")));
    }

    @Override
    public boolean takeBack(InvocationRecord record, int deadThief) {
        SumJob job = (SumJob) record;
        if (!relayed.contains(job)) {
            dropUnstartedCopy(job);
            poolTakeBack(job);
            return true;
        }
        Origin origin = running.get(job);
        if (world.mutation == Mutation.RELAYED_JOBS_DO_NOT_GO_HOME) {
            forgetRelayed(job);
            return false;
        }
        if (origin != null && !recovery.isDead(origin.node)
                && node.send(origin.node, new Message.Result(number, origin.jobId, new Outcome.Lost(deadThief)))) {
            forgetRelayed(job);
            return false;
        }
        forgetRelayed(job);
        recovery.withdraw(origin != null ? origin.key : salvaged.identity(job));
        return false;
    }

    /** As {@code WorkerPool.takeBack}: a salvaged outcome completes it, a pending one makes it wait, else requeued. */
    private void poolTakeBack(SumJob job) {
        SalvagedLookup.Known known = salvaged.claim(salvaged.identity(job), job);
        if (known == SalvagedLookup.PENDING) {
            return;
        }
        if (known != null) {
            completeExported(job, (Long) known.result());
            return;
        }
        node.requeue(job);
    }

    private void forgetRelayed(SumJob job) {
        relayed.remove(job);
        running.remove(job);
    }

    private void dropUnstartedCopy(SumJob job) {
        long key = salvaged.identity(job);
        Arrival copy = removeFirstArrival(a -> recovery.isDead(a.origin.node) && salvaged.identity(a.record) == key);
        if (copy != null) {
            recovery.withdraw(key);
        }
    }

    /** Uniform victim choice over the READY members of this view (as {@code node.MemberVictims}). */
    private final class Victims implements VictimSelector {
        private final int cluster;

        Victims(int cluster) {
            this.cluster = cluster;
        }

        private int pick(Predicate<Integer> which) {
            List<Integer> candidates = new ArrayList<>();
            for (int n : node.view.victims()) {
                if (n != number && which.test(n)) {
                    candidates.add(n);
                }
            }
            return candidates.isEmpty() ? -1 : candidates.get(random.nextInt(candidates.size()));
        }

        @Override
        public int anyOther() {
            return pick(n -> true);
        }

        @Override
        public int inOwnCluster() {
            return pick(n -> n % world.scenario.clusters() == cluster);
        }

        @Override
        public int inRemoteCluster() {
            return pick(n -> n % world.scenario.clusters() != cluster);
        }
    }}
