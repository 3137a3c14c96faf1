package satin.rewriter.samples.good;

import satin.Spawnable;

/** A generic spawnable method: its erased result needs a cast before the store. */
public interface Getter<T> extends Spawnable {
    T get(T v);
}
