package satin.ipl.udp.protocol;

/**
 * Why an incoming datagram was discarded. An {@link #expected()} reason happens in correct runs (a late datagram of a
 * peer's earlier incarnation or stream after it reconnected, a late acknowledgement for a session already closed, the
 * answer to a key-exchange request already answered, the request a peer abandoned in a simultaneous open): counted
 * and logged at debug level; every other reason is an anomaly worth a warning.
 */
public enum DropReason {
    TRUNCATED("truncated packet"),
    BAD_MAGIC("wrong magic number"),
    BAD_VERSION("unsupported protocol version"),
    UNKNOWN_TYPE("unknown packet type"),
    BAD_FIELD("invalid header field"),
    OVERSIZED("message larger than the configured maximum"),
    OUT_OF_WINDOW("sequence number outside the receive window"),
    STREAM_VIOLATION("fragments inconsistent with the message stream"),
    STALE("packet for an earlier incarnation or a closed session", true),
    TOO_MANY_PEERS("data from a new address while the session table is full"),
    FORGED("authentication failed: wrong tag, or a key exchange without the pool secret"),
    REPLAYED("sealed packet whose sequence number was seen before or is below the replay window"),
    NO_LINK("sealed packet for no current key of that peer (it restarted, or the packet is forged)"),
    BEFORE_REPLY("sealed packet for this end's key exchange, before its reply (lost or late) arrived", true),
    ABANDONED_INIT("key exchange request the peer abandoned when it answered this end's (both ends opened at once)",
            true);

    final String description;
    private final boolean expected;

    DropReason(String description) {
        this(description, false);
    }

    DropReason(String description, boolean expected) {
        this.description = description;
        this.expected = expected;
    }

    /** Whether correct runs see it: then it is no warning. */
    public boolean expected() {
        return expected;
    }

    public String description() {
        return description;
    }
}
