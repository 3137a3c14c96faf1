package satin.ipl.security;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA-256 (RFC 5869): {@link #extract} concentrates input key material into a pseudorandom
 * key, {@link #expand} stretches that key into independent output keys, one per label. Written on the JDK's
 * {@link Mac}; the JDK has no public HKDF.
 */
public final class Hkdf {
    public static final int HASH_BYTES = 32;
    private static final String HMAC = "HmacSHA256";

    private Hkdf() {
    }

    /** HKDF-Extract(salt, ikm); an empty salt stands for {@value #HASH_BYTES} zero bytes, as the RFC says. */
    public static byte[] extract(byte[] salt, byte[] ikm) {
        return hmac(salt.length == 0 ? new byte[HASH_BYTES] : salt, ikm);
    }

    /** HKDF-Expand(prk, info, length), length at most 255 * 32 bytes. */
    public static byte[] expand(byte[] prk, byte[] info, int length) {
        if (length < 0 || length > 255 * HASH_BYTES) {
            throw new IllegalArgumentException("HKDF output of " + length + " bytes");
        }
        Mac mac = mac(prk);
        byte[] out = new byte[length];
        byte[] t = new byte[0];
        int done = 0;
        for (int i = 1; done < length; i++) {
            mac.update(t);
            mac.update(info);
            mac.update((byte) i);
            t = mac.doFinal();
            int n = Math.min(t.length, length - done);
            System.arraycopy(t, 0, out, done, n);
            done += n;
        }
        return out;
    }

    /** HMAC-SHA-256 of the concatenated parts. */
    public static byte[] hmac(byte[] key, byte[]... parts) {
        Mac mac = mac(key);
        for (byte[] p : parts) {
            mac.update(p);
        }
        return mac.doFinal();
    }

    static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("the JDK lacks " + HMAC, e);
        }
    }

    /** Constant-time comparison, so a forged proof learns nothing from how long the check took. */
    public static boolean same(byte[] a, byte[] b) {
        return java.security.MessageDigest.isEqual(a, b);
    }

    /** SHA-256 of {@code data}. */
    public static byte[] sha256(byte[] data) {
        try {
            return java.security.MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
