/**
 * The kmeans application: k-means clustering by Lloyd's algorithm with the global data as a shared object. The points
 * and the current centroids live in {@link satin.apps.kmeans.Dataset} (a {@code satin.SharedObject}): exported once,
 * so every node holds the points; between rounds the master installs the new centroids with the write method
 * {@code advance}, applied on every replica in one order. Each round spawns a divide-and-conquer over index ranges
 * that returns per-cluster coordinate sums and counts; a job carries only its round and range, reads the points and
 * centroids from its node's replica, and its guard {@code guard_sums} holds a stolen job back until that replica has
 * the job's round. Coordinates are integers and the sums exact, so the parallel result equals the sequential twin's
 * ({@link satin.apps.kmeans.SequentialKMeans}) bit for bit: the self-check.
 */
package satin.apps.kmeans;
