package satin.samples.replicas;

import satin.WriteMethodsInterface;

/** The write method of a {@link Roll}. */
public interface RollWrites extends WriteMethodsInterface {
    void attend(String jvm);
}
