package satin.ipl.wan;

import satin.wanmodel.PathState;

/**
 * The state of one direction of one cluster pair's wide-area path, which every sender of the pair uses: all nodes
 * of cluster A sending to cluster B queue their messages behind each other on it, as they do on the one physical
 * link between two sites (and as the simulator's network models it). A sender holds the lock while it computes a
 * message's arrival from the state and updates it; the lock orders those updates, so each sees the previous one's.
 */
public interface SharedPath extends PathState {
    /** Takes the path's lock; every wait for it is bounded (see the implementation). */
    void lock();

    void unlock();

    /** Packets sent on the path so far, by all its senders (each packet of a message, each acknowledgement). */
    long packets();

    void packets(long count);
}
