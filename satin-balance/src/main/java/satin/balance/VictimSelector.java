package satin.balance;

/** Chooses whom a node asks for work. Every method returns {@code -1} when no such node exists. */
public interface VictimSelector {
    /** A node chosen uniformly among all nodes except the caller. */
    int anyOther();

    /** A node chosen uniformly among the other nodes of the caller's cluster. */
    int inOwnCluster();

    /** A node chosen uniformly among the nodes of all other clusters. */
    int inRemoteCluster();
}
