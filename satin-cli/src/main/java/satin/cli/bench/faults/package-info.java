/** {@code satin bench faults}: what fault tolerance costs without crashes, and how fast a run recovers from one. */
package satin.cli.bench.faults;
