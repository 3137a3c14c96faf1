package satin.ipl.security;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;

import javax.crypto.KeyAgreement;

import satin.ipl.security.KeyExchangeCodec.MalformedExchange;

/** The ephemeral Diffie-Hellman of the udp key exchange, on the JDK's X25519 (public keys in X.509 encoding). */
final class X25519 {
    private X25519() {
    }

    /** A fresh key pair for one exchange. */
    static KeyPair ephemeral() {
        try {
            return KeyPairGenerator.getInstance("X25519").generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks X25519", e);
        }
    }

    /**
     * The shared secret of {@code mine} and the peer's public key.
     *
     * @throws MalformedExchange when the peer's key does not decode (it came off the wire)
     */
    static byte[] agree(KeyPair mine, byte[] peerPublic) throws MalformedExchange {
        try {
            PublicKey theirs = KeyFactory.getInstance("X25519").generatePublic(new X509EncodedKeySpec(peerPublic));
            KeyAgreement ka = KeyAgreement.getInstance("X25519");
            ka.init(mine.getPrivate());
            ka.doPhase(theirs, true);
            return ka.generateSecret();
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new MalformedExchange("bad X25519 public key: " + e.getMessage());
        }
    }
}
