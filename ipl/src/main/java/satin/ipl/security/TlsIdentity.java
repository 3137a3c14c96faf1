package satin.ipl.security;

import java.math.BigInteger;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Date;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedKeyManager;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The TLS 1.3 contexts of one node or registry: the JDK's {@code SSLEngine} (through {@link EngineContext})
 * with a self-signed EC P-256 certificate made when this object is created. TLS 1.3 needs a certificate, and
 * the JDK's engine offers no external pre-shared key, so the certificate proves nothing by itself: a client
 * accepts any certificate, and trust comes from the pool secret instead. {@link PeerAuthenticator} then has
 * both ends prove the secret over the SHA-256 of the server's certificate (the {@code tls-server-end-point}
 * channel binding of RFC 5929): a man in the middle must show each end a certificate of its own, so the proofs
 * it relays do not match and it is refused. The certificate is made with Bouncy Castle's {@code bcpkix}
 * because the JDK has no public API for certificates.
 */
public final class TlsIdentity {
    private static final String TLS13 = "TLSv1.3";
    /**
     * AES-128-GCM first: 128-bit security is ample (see the ipl README), and it runs ten AES rounds per block
     * instead of AES-256's fourteen. The others stay for a peer that offers nothing else.
     */
    static final java.util.List<String> CIPHER_SUITES = java.util.List.of("TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");

    private final SslContext server;
    private final SslContext client;

    private TlsIdentity(SslContext server, SslContext client) {
        this.server = server;
        this.client = client;
    }

    public static TlsIdentity create() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            KeyPair pair = generator.generateKeyPair();
            X500Name name = new X500Name("CN=satin pool member");
            long now = System.currentTimeMillis();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name,
                    new BigInteger(64, new SecureRandom()), new Date(now - 86_400_000L),
                    new Date(now + 10L * 365 * 86_400_000L), name, pair.getPublic());
            ContentSigner signer = new JcaContentSignerBuilder("SHA256withECDSA").build(pair.getPrivate());
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
            // Our own key manager, not Netty's forServer(key, certificate): that puts the key into a PKCS12 key store
            // under a password for the JDK's key manager to read back out (PBKDF2 twice, ICU's normalization data),
            // and our own contexts (EngineContext) instead of Netty's JDK ones, whose static initializers cost more
            // (see there); trust managers that accept any certificate on both sides, so the JDK never reads its
            // trust store: the proof of the pool secret over the certificate is what is trusted.
            TrustManager[] anyCertificate = InsecureTrustManagerFactory.INSTANCE.getTrustManagers();
            SSLContext serverContext = SSLContext.getInstance(TLS13);
            serverContext.init(new KeyManager[] {new OneKeyManager(pair.getPrivate(), certificate)}, anyCertificate,
                    null);
            SSLContext clientContext = SSLContext.getInstance(TLS13);
            clientContext.init(null, anyCertificate, null);
            SslContext server = new EngineContext(serverContext, false, CIPHER_SUITES);
            SslContext client = new EngineContext(clientContext, true, CIPHER_SUITES);
            return new TlsIdentity(server, client);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot create a TLS 1.3 identity: " + e, e);
        }
    }

    /** The server's one key and certificate, whatever the engine asks for. */
    private static final class OneKeyManager extends X509ExtendedKeyManager {
        private static final String ALIAS = "satin";
        private final PrivateKey key;
        private final X509Certificate[] chain;

        OneKeyManager(PrivateKey key, X509Certificate certificate) {
            this.key = key;
            this.chain = new X509Certificate[] {certificate};
        }

        @Override
        public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return ALIAS.equals(alias) ? chain.clone() : null;
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return ALIAS.equals(alias) ? key : null;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return null; // this side never authenticates as a TLS client: the pool secret does
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return null;
        }
    }

    /** For accepted connections (and the registry server). */
    public SslContext server() {
        return server;
    }

    /** For connections this side opens. */
    public SslContext client() {
        return client;
    }
}
