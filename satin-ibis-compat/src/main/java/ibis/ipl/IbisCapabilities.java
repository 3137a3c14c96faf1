package ibis.ipl;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** What a program asks of its Ibis instance and pool; given to {@link IbisFactory#createIbis}. */
public final class IbisCapabilities extends CapabilitySet {
    private static final long serialVersionUID = 1L;

    /**
     * The pool has a fixed size, {@code ibis.pool.size}; it closes once that many instances joined (no more may
     * join). Needed for {@link Registry#getPoolSize()} and {@link Registry#waitUntilPoolClosed()}.
     */
    public static final String CLOSED_WORLD = "closed.world";
    /** Signals: {@link Registry#signal}, {@link RegistryEventHandler#gotSignal}. */
    public static final String SIGNALS = "signals";
    /** Termination: {@link Registry#terminate}, {@link RegistryEventHandler#poolTerminated}. */
    public static final String TERMINATION = "termination";
    /** Elections that need not be reliable (here they are). */
    public static final String ELECTIONS_UNRELIABLE = "elections.unreliable";
    /** Elections with one consistent winner at a time. */
    public static final String ELECTIONS_STRICT = "elections.strict";
    /** Join, leave and died events that need not be ordered (here they are). */
    public static final String MEMBERSHIP_UNRELIABLE = "membership.unreliable";
    /** Join, leave and died events in the same order at every instance. */
    public static final String MEMBERSHIP_TOTALLY_ORDERED = "membership.totally.ordered";
    /** Instances may join and leave at any time. */
    public static final String MALLEABLE = "malleable";

    public IbisCapabilities(String... capabilities) {
        super(capabilities);
    }

    protected IbisCapabilities(Properties properties) {
        super(properties);
    }

    protected IbisCapabilities(CapabilitySet capabilities) {
        super(capabilities);
    }

    /** Capabilities from a properties file on the class path (keys with a true value). */
    public static IbisCapabilities load(String resource) throws IOException {
        InputStream in = Thread.currentThread().getContextClassLoader() == null ? null
                : Thread.currentThread().getContextClassLoader().getResourceAsStream(resource);
        if (in == null) {
            in = ClassLoader.getSystemResourceAsStream(resource);
        }
        if (in == null) {
            throw new IOException("no capability file " + resource + " on the class path");
        }
        return load(in);
    }

    /** Capabilities from a properties stream (keys with a true value); closes the stream. */
    public static IbisCapabilities load(InputStream input) throws IOException {
        Properties p = new Properties();
        try (InputStream in = input) {
            p.load(in);
        }
        return new IbisCapabilities(p);
    }
}
