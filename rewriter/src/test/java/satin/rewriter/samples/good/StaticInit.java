package satin.rewriter.samples.good;

/**
 * Spawns in a static initializer, into a static field that is not final and into one that is: accepted, and run as
 * plain calls (a stolen job could need the class being initialised).
 */
final class StaticInit {
    static long value;
    static final long VALUE;
    static final long FINAL;

    static {
        OpsImpl impl = new OpsImpl();
        value = impl.j(5);
        FINAL = impl.j(6);
        impl.sync();
        VALUE = value;
    }

    private StaticInit() {
    }
}
