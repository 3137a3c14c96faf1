package satin.rewriter.samples.sharedmisuse;

public interface Writes extends satin.WriteMethodsInterface {
    void set(int value);
}
