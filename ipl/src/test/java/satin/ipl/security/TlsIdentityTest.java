package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBufAllocator;

/** The TLS contexts of {@link TlsIdentity}: which protocol and cipher suite two members agree on. */
class TlsIdentityTest {
    @Test
    void twoMembersAgreeOnTls13WithAes128Gcm() throws SSLException {
        SSLEngine client = TlsIdentity.create().client().newEngine(ByteBufAllocator.DEFAULT);
        SSLEngine server = TlsIdentity.create().server().newEngine(ByteBufAllocator.DEFAULT);
        handshake(client, server);
        assertEquals("TLSv1.3", client.getSession().getProtocol());
        assertEquals("TLS_AES_128_GCM_SHA256", client.getSession().getCipherSuite());
        assertEquals("TLS_AES_128_GCM_SHA256", server.getSession().getCipherSuite());
    }

    @Test
    void aPeerOfferingOnlyAes256IsStillServed() throws SSLException {
        SSLEngine client = TlsIdentity.create().client().newEngine(ByteBufAllocator.DEFAULT);
        client.setEnabledCipherSuites(new String[] {"TLS_AES_256_GCM_SHA384"});
        SSLEngine server = TlsIdentity.create().server().newEngine(ByteBufAllocator.DEFAULT);
        handshake(client, server);
        assertEquals("TLS_AES_256_GCM_SHA384", server.getSession().getCipherSuite());
    }

    /** Runs the handshake in memory: each side's output is the other's input, until neither has work. */
    private static void handshake(SSLEngine client, SSLEngine server) throws SSLException {
        int size = Math.max(client.getSession().getPacketBufferSize(), server.getSession().getPacketBufferSize());
        ByteBuffer toServer = ByteBuffer.allocate(size);
        ByteBuffer toClient = ByteBuffer.allocate(size);
        ByteBuffer app = ByteBuffer.allocate(client.getSession().getApplicationBufferSize());
        ByteBuffer none = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int step = 0; step < 100 && !(done(client) && done(server)); step++) {
            step(client, none, toServer, toClient, app);
            step(server, none, toClient, toServer, app);
        }
        assertEquals(HandshakeStatus.NOT_HANDSHAKING, client.getHandshakeStatus());
        assertEquals(HandshakeStatus.NOT_HANDSHAKING, server.getHandshakeStatus());
    }

    private static boolean done(SSLEngine e) {
        HandshakeStatus s = e.getHandshakeStatus();
        return s == HandshakeStatus.NOT_HANDSHAKING || s == HandshakeStatus.FINISHED;
    }

    private static void step(SSLEngine e, ByteBuffer none, ByteBuffer out, ByteBuffer in, ByteBuffer app)
            throws SSLException {
        switch (e.getHandshakeStatus()) {
            case NEED_WRAP -> e.wrap(none, out);
            case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                in.flip();
                e.unwrap(in, app);
                in.compact();
            }
            case NEED_TASK -> {
                for (Runnable task; (task = e.getDelegatedTask()) != null; ) {
                    task.run();
                }
            }
            default -> { }
        }
    }
}
