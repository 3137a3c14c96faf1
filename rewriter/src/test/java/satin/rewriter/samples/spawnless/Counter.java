package satin.rewriter.samples.spawnless;

/** Looks spawnable, but does not extend satin.Spawnable. */
public interface Counter {
    long count(int depth);
}
