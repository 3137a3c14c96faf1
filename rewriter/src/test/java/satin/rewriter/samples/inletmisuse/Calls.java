package satin.rewriter.samples.inletmisuse;

public interface Calls extends satin.Spawnable {
    int call(int n) throws Failure;
}
