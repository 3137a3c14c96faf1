/**
 * A Satin program in the original's style that uses the Ibis utilities beside its Satin code ({@code ibis.util.Timer},
 * {@code ibis.util.TypedProperties}, {@code ibis.poolInfo.PoolInfo}), rewritten by the build like any Satin program
 * and run by {@code SatinBesideIbisTest} on one JVM and on two.
 */
package oldstyle;
