package satin.apps.writeprobe;

import satin.WriteMethodsInterface;

/** The write methods of the probe's shared objects. */
public interface CounterWrites extends WriteMethodsInterface {
    void add(long amount);

    void attend(long jvm);
}
