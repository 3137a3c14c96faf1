/**
 * A node's run life cycle as one value: {@link satin.runtime.node.life.RunPhase} (NEW, STARTING, RUNNING, MAIN,
 * MAIN_RETURNED, LEAVING and the final ENDED, OVER, LEFT) with its allowed transitions, held by a
 * {@link satin.runtime.node.life.Phase}. It replaces the flags a node used to keep (done, DONE sent, main running,
 * running), which were false until some moment and whose combinations were written down nowhere.
 * Threads: any thread reads the phase; every change is one compare-and-set along an allowed transition, so two threads
 * racing to end the run (the master's {@code main} returning and the JVM's exit hook) cannot both end it. Depends on
 * the JDK only.
 */
package satin.runtime.node.life;
