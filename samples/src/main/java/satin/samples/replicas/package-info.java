/**
 * Shared objects across JVMs, checked: writes from every node end in identical replicas, and a guard holds a stolen
 * job back until its node's replica has caught up.
 */
package satin.samples.replicas;
