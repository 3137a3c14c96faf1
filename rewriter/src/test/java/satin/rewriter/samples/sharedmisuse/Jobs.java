package satin.rewriter.samples.sharedmisuse;

public interface Jobs extends satin.Spawnable {
    int work(int depth, long seed);
}
