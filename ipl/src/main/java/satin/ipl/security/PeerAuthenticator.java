package satin.ipl.security;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.util.List;

import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * Proves the pool secret in both directions at the start of a stream connection (a tcp link or a registry
 * connection), before anything else is said on it. It sits right after the TLS handler, if any, and leaves the
 * pipeline once done, handing on whatever bytes followed.
 *
 * <pre>
 *   connector                                  acceptor
 *   OPEN(nc)                         --&gt;
 *                                    &lt;--       CHALLENGE(na, proof_a)
 *   checks proof_a; PROOF(proof_c)   --&gt;       checks proof_c
 *   application data ...             --&gt;       (REFUSED and close if proof_c is wrong)
 *
 *   proof_r = HMAC-SHA-256(K, role_r | nc | na | binding),  K = HKDF(pool secret, "auth " + context)
 * </pre>
 *
 * Fresh 256-bit nonces on both sides make every proof single-use; the role in each proof keeps one side's proof
 * from being reflected as the other's; the context (the pool's name for links, the registry for registry
 * connections) keeps a proof for one purpose from serving another. {@code binding} is a byte that says whether the
 * connection runs TLS and, if so, the SHA-256 of the TLS server's certificate (RFC 5929's {@code
 * tls-server-end-point}, computed on both sides from the session): someone between the two ends who terminates
 * TLS shows them different certificates, so no proof it relays verifies, and a connector that chose TLS cannot
 * be downgraded to plain text either. The connector may send application data right after its proof (one round
 * trip in all); it keeps listening until the first non-authentication bytes arrive, so that a REFUSED from the
 * acceptor still reaches it as a clear error.
 *
 * <p>Success fires {@link Event#AUTHENTICATED} down the pipeline (the acceptor's then carries the peer's bytes).
 * Failure sends REFUSED with the reason, closes the connection and fires an {@link AuthenticationException}
 * through {@code exceptionCaught}, so both ends report why. Time limits are the pipeline's (accept and join
 * timeouts). Every buffer read here is the decoder's cumulation, released by {@link ByteToMessageDecoder}.
 */
public final class PeerAuthenticator extends ByteToMessageDecoder {
    /** Which end of the connection this is. */
    public enum Role {
        CONNECTOR, ACCEPTOR
    }

    /** The user event fired once this side may send and receive application data. */
    public enum Event {
        AUTHENTICATED
    }

    private enum State {
        START, AWAIT_CHALLENGE, AWAIT_VERDICT, AWAIT_OPEN, AWAIT_PROOF, DONE
    }

    private static final byte[] CONNECTOR_LABEL = "satin connector proof".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ACCEPTOR_LABEL = "satin acceptor proof".getBytes(StandardCharsets.US_ASCII);

    private final byte[] key;
    private final Role role;
    private final SecureRandom random;
    private State state;
    private byte[] connectorNonce;
    private byte[] acceptorNonce;
    private byte[] binding;

    PeerAuthenticator(byte[] key, Role role, SecureRandom random) {
        this.key = key;
        this.role = role;
        this.random = random;
        this.state = role == Role.CONNECTOR ? State.START : State.AWAIT_OPEN;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (role == Role.CONNECTOR && ctx.pipeline().get(SslHandler.class) == null) {
            open(ctx);
        }
        super.channelActive(ctx);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (role == Role.CONNECTOR && ctx.channel().isActive() && ctx.pipeline().get(SslHandler.class) == null) {
            open(ctx);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent e && role == Role.CONNECTOR && state == State.START) {
            if (e.isSuccess()) {
                open(ctx);
            }
            // a failed TLS handshake closes the connection and reports itself through exceptionCaught
        }
        super.userEventTriggered(ctx, evt);
    }

    private void open(ChannelHandlerContext ctx) {
        if (state != State.START) {
            return;
        }
        connectorNonce = nonce();
        state = State.AWAIT_CHALLENGE;
        ctx.writeAndFlush(AuthMessage.open(connectorNonce).encode(ctx.alloc()));
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        try {
            while (state != State.DONE && in.isReadable()) {
                if (state == State.AWAIT_VERDICT && in.readableBytes() >= 4 && !AuthMessage.startsMessage(in)) {
                    finish(ctx);
                    return;
                }
                AuthMessage m = AuthMessage.decode(in);
                if (m == null) {
                    return;
                }
                onMessage(ctx, m);
            }
        } catch (AuthenticationException e) {
            refuse(ctx, e.getMessage(), e);
        }
    }

    private void onMessage(ChannelHandlerContext ctx, AuthMessage m) throws AuthenticationException {
        if (m.type() == AuthMessage.REFUSED) {
            state = State.DONE;
            ctx.close();
            ctx.fireExceptionCaught(new AuthenticationException(
                    "refused by " + ctx.channel().remoteAddress() + ": " + m.reason()));
            return;
        }
        switch (state) {
            case AWAIT_OPEN -> {
                expect(m, AuthMessage.OPEN);
                connectorNonce = m.nonce();
                acceptorNonce = nonce();
                binding = binding(ctx);
                ctx.writeAndFlush(AuthMessage.challenge(acceptorNonce, proof(ACCEPTOR_LABEL)).encode(ctx.alloc()));
                state = State.AWAIT_PROOF;
            }
            case AWAIT_CHALLENGE -> {
                expect(m, AuthMessage.CHALLENGE);
                acceptorNonce = m.nonce();
                binding = binding(ctx);
                if (!Hkdf.same(m.proof(), proof(ACCEPTOR_LABEL))) {
                    refuse(ctx, "the peer at " + ctx.channel().remoteAddress() + " could not prove the pool secret"
                            + " (the pool secrets differ, or someone is between the two ends)", null);
                    return;
                }
                ctx.writeAndFlush(AuthMessage.proof(proof(CONNECTOR_LABEL)).encode(ctx.alloc()));
                state = State.AWAIT_VERDICT;
                ctx.fireUserEventTriggered(Event.AUTHENTICATED);
            }
            case AWAIT_PROOF -> {
                expect(m, AuthMessage.PROOF_TYPE);
                if (!Hkdf.same(m.proof(), proof(CONNECTOR_LABEL))) {
                    refuse(ctx, "the peer at " + ctx.channel().remoteAddress() + " could not prove the pool secret"
                            + " (the pool secrets differ)", null);
                    return;
                }
                ctx.fireUserEventTriggered(Event.AUTHENTICATED);
                finish(ctx);
            }
            default -> throw new AuthenticationException("unexpected authentication message type " + m.type());
        }
    }

    private static void expect(AuthMessage m, byte type) throws AuthenticationException {
        if (m.type() != type) {
            throw new AuthenticationException("expected authentication message type " + type + ", got " + m.type());
        }
    }

    /** Leaves the pipeline; {@link ByteToMessageDecoder} hands the bytes read so far to the next handler. */
    private void finish(ChannelHandlerContext ctx) {
        state = State.DONE;
        ctx.pipeline().remove(this);
    }

    /**
     * Ends the exchange with REFUSED: the peer learns why, this side's pipeline gets the exception (the reason
     * as this side sees it) and the connection closes once REFUSED is written.
     */
    private void refuse(ChannelHandlerContext ctx, String reason, AuthenticationException cause) {
        if (state == State.DONE) {
            return;
        }
        state = State.DONE;
        String told = cause != null ? reason : "the pool secrets differ"; // the peer adds "refused by" our address
        ctx.writeAndFlush(AuthMessage.refused(told).encode(ctx.alloc())).addListener(ChannelFutureListener.CLOSE);
        ctx.fireExceptionCaught(cause != null ? cause : new AuthenticationException(reason));
    }

    private byte[] proof(byte[] label) {
        return Hkdf.hmac(key, label, connectorNonce, acceptorNonce, binding);
    }

    private byte[] nonce() {
        byte[] n = new byte[AuthMessage.NONCE];
        random.nextBytes(n);
        return n;
    }

    /** 0 for a plain connection; 1 and the SHA-256 of the TLS server's certificate for TLS. */
    private byte[] binding(ChannelHandlerContext ctx) throws AuthenticationException {
        SslHandler tls = ctx.pipeline().get(SslHandler.class);
        if (tls == null) {
            return new byte[] {0};
        }
        SSLSession session = tls.engine().getSession();
        Certificate[] chain;
        try {
            chain = role == Role.CONNECTOR ? session.getPeerCertificates() : session.getLocalCertificates();
        } catch (SSLPeerUnverifiedException e) {
            throw new AuthenticationException("TLS session without a server certificate: " + e.getMessage());
        }
        if (chain == null || chain.length == 0) {
            throw new AuthenticationException("TLS session without a server certificate");
        }
        try {
            byte[] hash = Hkdf.sha256(chain[0].getEncoded());
            byte[] b = new byte[1 + hash.length];
            b[0] = 1;
            System.arraycopy(hash, 0, b, 1, hash.length);
            return b;
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new AuthenticationException("cannot encode the TLS server certificate: " + e.getMessage());
        }
    }
}
