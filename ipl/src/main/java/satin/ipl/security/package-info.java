/**
 * Pool security: who may join a pool and talk to its nodes, and which traffic is encrypted.
 *
 * <p>A pool has a secret ({@link satin.ipl.security.PoolSecret}); every key on the wire is derived from it with
 * HKDF (RFC 5869), one label per purpose, and the secret itself never leaves the process. Threat model: anyone
 * may reach the registry port and the nodes' ports, and anyone on the path may read, alter, drop, replay or
 * inject packets; pool members are trusted (a member holds the secret).
 *
 * <ul>
 * <li><b>Authentication, always</b> (unless the pool is explicitly insecure): every registry connection and every
 * tcp link starts with {@link satin.ipl.security.PeerAuthenticator}'s mutual proof of the secret, before any
 * other byte is interpreted; a udp link starts with an authenticated key exchange
 * ({@link satin.ipl.security.DatagramSecurity}). A peer that cannot prove the secret is refused with a reason
 * on both sides and never reaches the registry's pool state or a node's ports.</li>
 * <li><b>Encryption, by policy</b> ({@link satin.ipl.security.EncryptionPolicy}: all, wide-area, none): tcp links
 * and registry connections run TLS 1.3 through Netty's {@code SslHandler} on the JDK's {@code SSLEngine}; the
 * TLS session is tied to the pool by the channel binding in the proofs (see {@link
 * satin.ipl.security.TlsIdentity} for why certificates alone prove nothing here). udp packets are sealed with
 * AES-256-GCM ({@link satin.ipl.security.SealedLink}) under per-link keys from an ephemeral X25519 exchange
 * authenticated by the secret, with sequence-number nonces and a replay window
 * ({@link satin.ipl.security.ReplayWindow}).</li>
 * </ul>
 *
 * Why keys derived from the secret rather than a pool certificate authority: a researcher then distributes one
 * file (or none: {@code satin run --nodes N} makes a fresh secret per run) instead of a CA and a certificate per
 * host, and the same secret also authenticates unencrypted links ({@code --encrypt none}), where TLS is not
 * there to check a certificate. The JDK's TLS 1.3 has no external pre-shared keys, so TLS still uses a
 * certificate; the proof over its hash is what binds the session to the pool.
 */
package satin.ipl.security;
