/**
 * Starting a runtime the way Java programs start: a rewritten {@code main} run with plain {@code java},
 * {@code java -jar}, {@code mvn exec:java} or an IDE enters {@link satin.contract.MainEntry}, which finds
 * {@link satin.runtime.launch.RuntimeMainLauncher} here as a service. The launcher reads
 * {@link satin.runtime.launch.LaunchSettings} (system properties {@code satin.*}, or environment variables
 * {@code SATIN_*}; {@link satin.runtime.launch.SettingSource}) and runs {@code main} on a runtime in this JVM, or
 * joins a pool as one node through {@link satin.runtime.launch.PoolLaunch}, which {@code satin run --registry}
 * uses too, so both ways in run the same code. {@link satin.runtime.launch.ReportText} formats the statistics for
 * both. Nothing here calls {@code System.exit}: failures are exceptions thrown to the caller.
 */
package satin.runtime.launch;
