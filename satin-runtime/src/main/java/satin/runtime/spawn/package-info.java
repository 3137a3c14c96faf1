/**
 * Spawn, sync and stealing inside one JVM. {@link satin.runtime.spawn.Worker} is the runtime's
 * {@code satin.contract.SpawnThread}: rewritten code reaches it through {@code satin.contract.Spawns}; its overview
 * describes the inline rule, sync with leapfrogging, idle stealing and back-off.
 * {@link satin.runtime.spawn.WorkerPool} holds what the workers share, including the
 * {@link satin.runtime.spawn.ExternalWork} hook through which another layer (the nodes) feeds and drains work; its
 * overview gives the memory-ordering argument of parking and waking (a push fences fully before it looks for
 * parked workers), tested with jcstress in {@code satin-stress}.
 */
package satin.runtime.spawn;
