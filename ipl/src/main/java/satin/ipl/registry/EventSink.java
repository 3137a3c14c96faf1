package satin.ipl.registry;

import satin.ipl.RegistryEvent;

/** Where the pool sends one member's events; must not block. */
public interface EventSink {
    void deliver(RegistryEvent event);
}
