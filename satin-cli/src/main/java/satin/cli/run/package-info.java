/**
 * {@code satin run}: runs a program's {@code main} on the workers of a runtime in this JVM, or as one node of a
 * multi-JVM pool ({@code --registry}), or launches a registry and N node JVMs here ({@code --nodes}, through
 * {@code satin.cli.launch}, each node JVM running {@link satin.cli.run.NodeProcess}). Bundled applications are found
 * by name ({@link satin.cli.run.AppCatalog}); statistics are printed as tables (the runtime's
 * {@code satin.runtime.launch.ReportText}) or JSON ({@code RunReportFormat}). Joining a pool goes through the
 * runtime's {@code satin.runtime.launch.PoolLaunch}, the same code a program started with plain {@code java} uses.
 */
package satin.cli.run;
