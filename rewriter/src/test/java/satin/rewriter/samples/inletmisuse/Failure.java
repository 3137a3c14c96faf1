package satin.rewriter.samples.inletmisuse;

public final class Failure extends satin.Inlet {
    private static final long serialVersionUID = 1L;
}
