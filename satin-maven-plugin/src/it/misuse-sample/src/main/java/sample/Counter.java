package sample;

/** Meant to be spawnable, but does not extend satin.Spawnable. */
public interface Counter {
    long count(int depth);
}
