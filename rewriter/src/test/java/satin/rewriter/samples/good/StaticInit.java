package satin.rewriter.samples.good;

/** A spawn in a static initializer, into a static field that is not final. */
final class StaticInit {
    static long value;
    static final long VALUE;

    static {
        OpsImpl impl = new OpsImpl();
        value = impl.j(5);
        impl.sync();
        VALUE = value;
    }

    private StaticInit() {
    }
}
