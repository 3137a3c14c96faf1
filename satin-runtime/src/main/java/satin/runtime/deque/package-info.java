/**
 * The work-stealing deque of one worker: the owner pushes and pops at one end, thieves take the oldest job at
 * the other; its overview gives the algorithm and the memory-ordering argument.
 */
package satin.runtime.deque;
