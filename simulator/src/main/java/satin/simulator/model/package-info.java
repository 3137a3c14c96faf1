/**
 * The simulated system: nodes with job stacks and deques, driven by the runtime's own load-balancing policies
 * over a simulated network. Start at {@link satin.simulator.model.Simulation}.
 */
package satin.simulator.model;
