package satin.ipl.security;

import java.nio.file.Path;
import java.security.SecureRandom;

import satin.ipl.IplConfig;
import satin.ipl.IplException;
import satin.ipl.IplProperties;
import satin.ipl.Location;

/**
 * How a node or registry protects a pool: its {@link PoolSecret} (or none, when explicitly insecure), which
 * links are encrypted ({@link EncryptionPolicy}), and the TLS identity, made on first use. An explicit object,
 * one per node or registry server, so several live in one JVM.
 *
 * <p>Every key used on the wire is derived from the secret with HKDF under a label of its own: {@code "auth "
 * + context} for the proofs of {@link PeerAuthenticator}, {@code "udp handshake " + pool} for the udp key
 * exchange. The secret itself is never sent.
 */
public final class PoolSecurity {
    private final PoolSecret secret;
    private final EncryptionPolicy policy;
    private final SecureRandom random = new SecureRandom();
    private volatile TlsIdentity tls;

    private PoolSecurity(PoolSecret secret, EncryptionPolicy policy) {
        this.secret = secret;
        this.policy = policy;
    }

    /** Authentication with this secret; encryption as the policy says. */
    public static PoolSecurity of(PoolSecret secret, EncryptionPolicy policy) {
        if (secret == null) {
            throw new IllegalArgumentException("a secure pool needs a secret");
        }
        return new PoolSecurity(secret, policy);
    }

    /** No authentication and no encryption: anyone who reaches a port may join (only on request). */
    public static PoolSecurity insecure() {
        return new PoolSecurity(null, EncryptionPolicy.NONE);
    }

    /**
     * From {@code ipl.security.*}: the secret file, or {@code ipl.security.insecure=true}; without either, a
     * network pool is refused with an error that says how to give one.
     */
    public static PoolSecurity from(IplConfig config) throws IplException {
        String file = config.get(IplProperties.SECRET_FILE).trim();
        boolean insecure = Boolean.parseBoolean(config.get(IplProperties.INSECURE).trim());
        EncryptionPolicy policy;
        try {
            policy = EncryptionPolicy.parse(config.get(IplProperties.ENCRYPT));
        } catch (IllegalArgumentException e) {
            throw new IplException(IplProperties.ENCRYPT + ": " + e.getMessage());
        }
        if (!file.isEmpty()) {
            if (insecure) {
                throw new IplException(IplProperties.SECRET_FILE + " and " + IplProperties.INSECURE
                        + "=true contradict each other: give one");
            }
            return of(PoolSecret.read(Path.of(file)), policy);
        }
        if (insecure) {
            return insecure();
        }
        throw new IplException("no pool secret: set " + IplProperties.SECRET_FILE + " (satin run --pool-secret-file"
                + " FILE) to a file holding the pool's secret, or " + IplProperties.INSECURE + "=true (satin run"
                + " --insecure) to let anyone who reaches the ports join");
    }

    public boolean authenticates() {
        return secret != null;
    }

    public EncryptionPolicy policy() {
        return policy;
    }

    /** Whether the link between nodes at these locations is encrypted. */
    public boolean encrypts(Location a, Location b) {
        return secret != null && policy.encrypts(a, b);
    }

    /**
     * Whether any link of this side may be encrypted, so it needs a TLS identity: not in an insecure pool, nor with
     * {@link EncryptionPolicy#NONE} (then the identity, a key pair, a certificate and TLS contexts, costs a fresh JVM
     * a few hundred milliseconds of processor time for nothing; members of one pool share the policy, and one that
     * starts TLS with such a side fails its authentication).
     */
    public boolean mayEncrypt() {
        return secret != null && policy != EncryptionPolicy.NONE;
    }

    /** Whether connections to the registry are encrypted. */
    public boolean encryptsRegistry() {
        return secret != null && policy.encryptsRegistry();
    }

    /** A key derived from the secret for one purpose (see the class comment). */
    public byte[] key(String label) {
        if (secret == null) {
            throw new IllegalStateException("an insecure pool has no keys");
        }
        return secret.derive(label, Hkdf.HASH_BYTES);
    }

    /** The handler that proves the secret at the start of a stream connection; context names its purpose. */
    public PeerAuthenticator authenticator(PeerAuthenticator.Role role, String context) {
        return new PeerAuthenticator(key("auth " + context), role, random);
    }

    public SecureRandom random() {
        return random;
    }

    /**
     * The TLS contexts, made on first use. Call it on the owner's thread (a transport's constructor, a registry's
     * start, a join) and keep the result for the pipelines, never first on an event loop: a key pair and a
     * certificate take some tens of milliseconds warm, but seconds in a freshly started JVM on a loaded machine
     * (class loading), and an event loop that makes them stalls every connection it serves meanwhile.
     */
    public TlsIdentity tls() {
        TlsIdentity t = tls;
        if (t == null) {
            synchronized (this) {
                t = tls;
                if (t == null) {
                    t = TlsIdentity.create();
                    tls = t;
                }
            }
        }
        return t;
    }

    @Override
    public String toString() {
        return secret == null ? "insecure" : "authenticated, encrypting " + policy.label();
    }
}
