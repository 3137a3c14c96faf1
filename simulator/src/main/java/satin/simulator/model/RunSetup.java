package satin.simulator.model;

import java.util.SplittableRandom;
import satin.balance.ClusterMap;
import satin.balance.RandomVictimSelector;
import satin.balance.StealPolicy;
import satin.balance.StealRequests;
import satin.simulator.network.Network;
import satin.simulator.workload.Workload;

/**
 * What a simulated run derives from its {@link SimulationConfig}, the same way in either engine (this model's
 * {@link Simulation} and the protocol engine): the workload and its costs, the listener, the network and the nodes'
 * steal policies, with every random stream split off the seed in one order (the network's first, then one victim
 * selector per node, node 0 first). So the two engines see the same links and the same victim choices for a seed,
 * and differ only in what a steal does. Engines copy the figures into their own fields: they are read on every event.
 */
public final class RunSetup {

    public final Platform platform;
    public final ClusterMap clusters;
    public final Workload workload;
    public final SimulationListener listener;
    /** Bytes of a message without a job's parameters or result. */
    public final int control;
    public final long spawnOverhead;
    /** {@link SimulationConfig#wideAreaSyncAnswerDelayNanos()}: added to a synchronous wide-area steal request's arrival. */
    public final long wideSyncAnswerDelay;
    public final Network network;
    private final SimulationConfig config;
    private final SplittableRandom seeds;
    private int nextPolicy;

    public RunSetup(SimulationConfig config) {
        this.config = config;
        this.platform = config.platform();
        this.clusters = platform.topology().clusters();
        this.workload = config.workload();
        this.listener = config.listener();
        this.control = config.controlBytes();
        this.spawnOverhead = workload.spawnOverheadNanos();
        this.wideSyncAnswerDelay = config.wideAreaSyncAnswerDelayNanos();
        this.seeds = new SplittableRandom(config.seed());
        this.network = new Network(platform.topology(), seeds.split());
    }

    /** Node {@code node}'s policy, sending through {@code requests}; called for node 0, 1, 2, ... in that order. */
    public StealPolicy policy(int node, StealRequests requests) {
        if (node != nextPolicy++) {
            throw new IllegalStateException("policies are made in node order (their random streams depend on it)");
        }
        return config.policy().create(new RandomVictimSelector(clusters, node, seeds.split()), requests);
    }
}
