package satin.rewriter.samples.good;

import satin.SatinObject;

public class Echo<T> extends SatinObject implements Getter<T> {
    public T get(T v) { return v; }
}
