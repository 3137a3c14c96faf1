/**
 * A probe for {@code satin bench model}: how long a shared object's write method takes to return (the write applied
 * on the writer's replica after the master ordered it), on the master's node and on another node.
 */
package satin.apps.writeprobe;
