package satin.ipl.security;

/**
 * The messages of the udp key exchange ({@link DatagramSecurity} tells the exchange; {@link KeyExchangeCodec} is
 * their one wire format). Every message starts with the exchange's magic and its type byte.
 */
sealed interface KeyExchange {
    /** Type byte of {@link Init}. */
    byte INIT = 1;
    /** Type byte of {@link Reply}. */
    byte REPLY = 2;
    /** Type byte of {@link Refused}. */
    byte REFUSED = 3;

    /**
     * An initiator's request for a link: its id for the exchange, its clock's stamp, its ephemeral X25519 public
     * key, whether it wants the link encrypted, and its cluster (for the responder's encryption policy).
     */
    record Init(long initiatorId, long time, byte[] publicKey, boolean wantsEncryption, String cluster)
            implements KeyExchange {
    }

    /**
     * A responder's answer: both ids, the responder's stamp, its ephemeral public key, whether the link is
     * encrypted, and its cluster (so the initiator can check that decision against its own policy).
     */
    record Reply(long initiatorId, long responderId, long time, byte[] publicKey, boolean encrypted, String cluster)
            implements KeyExchange {
    }

    /** A responder's refusal, unauthenticated: only a reason to report. */
    record Refused(String reason) implements KeyExchange {
    }

    /**
     * A message as received: what it says, and the datagram exactly as it arrived, whose bytes before {@code macAt}
     * its MAC covers ({@link #signed}) and whose rest is the MAC ({@link #mac}). A {@link Refused} carries no MAC:
     * {@code macAt} is the datagram's length.
     */
    record Received(KeyExchange message, byte[] datagram, int macAt) {
        /** The bytes the MAC covers. */
        byte[] signed() {
            return java.util.Arrays.copyOf(datagram, macAt);
        }

        /** The MAC; empty for a {@link Refused}. */
        byte[] mac() {
            return java.util.Arrays.copyOfRange(datagram, macAt, datagram.length);
        }
    }
}
