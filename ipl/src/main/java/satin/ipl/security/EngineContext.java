package satin.ipl.security;

import java.util.List;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSessionContext;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolNegotiator;
import io.netty.handler.ssl.SslContext;

/**
 * A Netty {@link SslContext} over a JDK {@link SSLContext} set up by {@link TlsIdentity}: it makes the JDK's engines
 * for one side, TLS 1.3 only, with the given cipher suites, and Netty's {@code SslHandler} and
 * {@code OptionalSslHandler} take it as they take Netty's own.
 *
 * <p>Why not Netty's {@code SslContextBuilder}: the static initializers of its JDK contexts build a default
 * {@code SSLContext} (reading the JDK's trust store of about 150 certificates) and test their trust manager wrapping
 * with a built-in RSA key and certificate (a PEM parse, a PKCS12 key store and two PBKDF2 key derivations): measured
 * 0.6 to 0.9 s of a fresh JVM's start on a loaded 2-core machine, paid by every node and registry, for nothing this
 * pool uses (trust comes from the pool secret, see {@link TlsIdentity}).
 */
final class EngineContext extends SslContext {
    private static final String[] TLS13 = {"TLSv1.3"};

    private final SSLContext context;
    private final boolean client;
    private final List<String> cipherSuites;

    EngineContext(SSLContext context, boolean client, List<String> cipherSuites) {
        this.context = context;
        this.client = client;
        this.cipherSuites = List.copyOf(cipherSuites);
    }

    @Override
    public boolean isClient() {
        return client;
    }

    @Override
    public List<String> cipherSuites() {
        return cipherSuites;
    }

    @SuppressWarnings("deprecation")
    @Override
    public ApplicationProtocolNegotiator applicationProtocolNegotiator() {
        return List::of; // no ALPN: the pool speaks one protocol
    }

    @Override
    public SSLEngine newEngine(ByteBufAllocator alloc) {
        return configure(context.createSSLEngine());
    }

    @Override
    public SSLEngine newEngine(ByteBufAllocator alloc, String peerHost, int peerPort) {
        return configure(context.createSSLEngine(peerHost, peerPort));
    }

    @Override
    public SSLSessionContext sessionContext() {
        return client ? context.getClientSessionContext() : context.getServerSessionContext();
    }

    private SSLEngine configure(SSLEngine engine) {
        engine.setUseClientMode(client);
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setProtocols(TLS13);
        parameters.setCipherSuites(cipherSuites.toArray(String[]::new));
        parameters.setNeedClientAuth(false); // members prove the pool secret, not a certificate
        engine.setSSLParameters(parameters);
        return engine;
    }
}
