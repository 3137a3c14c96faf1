package satin.ipl.udp.protocol;

/** Why an incoming datagram was discarded. */
public enum DropReason {
    TRUNCATED("truncated packet"),
    BAD_MAGIC("wrong magic number"),
    BAD_VERSION("unsupported protocol version"),
    UNKNOWN_TYPE("unknown packet type"),
    BAD_FIELD("invalid header field"),
    OVERSIZED("message larger than the configured maximum"),
    OUT_OF_WINDOW("sequence number outside the receive window"),
    STREAM_VIOLATION("fragments inconsistent with the message stream"),
    STALE("packet for an earlier incarnation"),
    TOO_MANY_PEERS("data from a new address while the session table is full"),
    FORGED("authentication failed: wrong tag, or a key exchange without the pool secret"),
    REPLAYED("sealed packet whose sequence number was seen before or is below the replay window"),
    NO_LINK("sealed packet for no current key of that peer (it restarted, or the packet is forged)");

    final String description;

    DropReason(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
