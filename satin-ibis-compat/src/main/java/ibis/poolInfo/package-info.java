/** {@link ibis.poolInfo.PoolInfo}: the rank and size of the pool a program runs in, and its hosts and clusters. */
package ibis.poolInfo;
