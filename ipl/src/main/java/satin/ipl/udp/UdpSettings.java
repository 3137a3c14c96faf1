package satin.ipl.udp;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.wire.WireCodec;
import satin.ipl.udp.FaultInjector.Faults;
import satin.ipl.udp.protocol.ProtocolConfig;

/** The {@code ipl.udp.*} configuration keys and their translation into protocol and fault settings. */
final class UdpSettings {
    static final String FRAGMENT = "ipl.udp.fragment";
    static final String LOOPBACK_FRAGMENT = "ipl.udp.fragment.loopback";
    static final String WINDOW = "ipl.udp.window";
    static final String PEER_TIMEOUT = "ipl.udp.peer.timeout";
    static final String LOSS = "ipl.udp.fault.loss";
    static final String DUPLICATE = "ipl.udp.fault.duplicate";
    static final String REORDER = "ipl.udp.fault.reorder";
    static final String DELAY = "ipl.udp.fault.delay";
    static final String SEED = "ipl.udp.fault.seed";

    static final Map<String, String> DEFAULTS;

    static {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(FRAGMENT, "1400");
        d.put(LOOPBACK_FRAGMENT, Integer.toString(ProtocolConfig.DEFAULT_LOOPBACK_FRAGMENT));
        d.put(WINDOW, "512");
        d.put(PEER_TIMEOUT, "30000");
        d.put(LOSS, "0");
        d.put(DUPLICATE, "0");
        d.put(REORDER, "0");
        d.put(DELAY, "5");
        d.put(SEED, "1");
        DEFAULTS = Collections.unmodifiableMap(d);
    }

    private UdpSettings() {}

    static ProtocolConfig protocol(IplConfig config) {
        int maxFrame = config.getInt(IplProperties.MAX_FRAME_SIZE);
        int window = config.getInt(WINDOW);
        return ProtocolConfig.defaults()
                .withFragmentPayload(config.getInt(FRAGMENT))
                .withLoopbackFragmentPayload(config.getInt(LOOPBACK_FRAGMENT))
                .withWindows(window, Math.max(window, 2 * window))
                .withMaxMessageSize(maxFrame + WireCodec.FRAME_HEAD)
                .withPeerTimeout(Duration.ofMillis(config.getLong(PEER_TIMEOUT)));
    }

    static Faults faults(IplConfig config) {
        return new Faults(probability(config, LOSS), probability(config, DUPLICATE), probability(config, REORDER),
                config.getInt(DELAY), config.getLong(SEED));
    }

    static boolean injectsFaults(Faults f) {
        return f.loss() > 0 || f.duplicate() > 0 || f.reorder() > 0;
    }

    private static double probability(IplConfig config, String key) {
        try {
            return Double.parseDouble(config.get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("IPL property " + key + " must be a number, got '" + config.get(key)
                    + "'");
        }
    }
}
