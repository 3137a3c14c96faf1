/**
 * Discrete-event core: a clock that jumps from event to event in a deterministic total order (time, then
 * scheduling order). Nothing here knows about nodes or networks.
 */
package satin.simulator.engine;
