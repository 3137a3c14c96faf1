package satin.ipl.security;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.Date;

import javax.net.ssl.SSLException;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The TLS 1.3 contexts of one node or registry: the JDK's {@code SSLEngine} (Netty's {@link SslProvider#JDK})
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
            SslContext server = SslContextBuilder.forServer(pair.getPrivate(), certificate)
                    .sslProvider(SslProvider.JDK).protocols(TLS13).build();
            SslContext client = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).protocols(TLS13)
                    .trustManager(InsecureTrustManagerFactory.INSTANCE).build();
            return new TlsIdentity(server, client);
        } catch (GeneralSecurityException | OperatorCreationException | SSLException e) {
            throw new IllegalStateException("cannot create a TLS 1.3 identity: " + e, e);
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
