/**
 * Local multi-node launches: {@link satin.cli.launch.LocalLauncher} starts an embedded registry and one JVM per
 * node with this JVM's java and class path and the node main class its caller names, relays their output and
 * waits for them (killing the rest a grace period after one failed).
 */
package satin.cli.launch;
