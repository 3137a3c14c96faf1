package satin.ipl.security;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import satin.ipl.security.KeyExchangeCodec.MalformedExchange;
import satin.ipl.udp.protocol.DatagramGuard;
import satin.ipl.udp.protocol.DropReason;

/**
 * The {@link DatagramGuard} of a udp node in a pool with a secret: an authenticated key exchange per peer
 * address, then every datagram sealed by the link's {@link SealedLink}.
 *
 * <pre>
 *   initiator (has a packet for the peer, no link)          responder
 *   INIT  = 'SH' 1 | id_i | time | pub_i | want_i | cluster_i | mac_i  --&gt;
 *                                     &lt;--  REPLY = 'SH' 2 | id_i | id_r | time_r | pub_r | encrypt | cluster_r | mac_r
 *   mac_i = HMAC(K, "init" | INIT without mac),  mac_r = HMAC(K, "reply" | INIT | REPLY without mac)
 *   keys  = HKDF(salt = K, X25519(eph_i, eph_r)), labelled by direction and both ids
 *   K     = the pool key for "udp handshake " + pool;  REFUSED = 'SH' 3 | reason (unauthenticated)
 * </pre>
 *
 * The messages are {@link KeyExchange}'s records, written and read only by {@link KeyExchangeCodec}.
 *
 * Only a peer that knows the secret can produce a MAC, so forged exchanges are refused (REFUSED goes back with
 * the reason and the peer's session fails at once) and never create state. The ephemeral X25519 keys make each
 * link's keys fresh and secret even to someone who recorded the traffic and later learns the pool secret. The
 * same INIT again (its REPLY was lost) gets the same REPLY. Encryption: each end knows whether the policy
 * encrypts the link from the clusters exchanged; the link is encrypted when either end asks for it.
 *
 * <p><b>Stale requests and simultaneous opens.</b> Each end stamps what it sends with its own clock: time in an
 * INIT, time_r in a REPLY, and a stamp is never smaller than any INIT time this end sent the peer before. Each
 * end keeps the peer's stamp on the current link (the INIT's time when it answered, time_r when it initiated)
 * and drops an INIT whose time is not newer: a replay, or a request the peer itself has abandoned. Only stamps
 * of the same clock are ever compared, so clocks need not agree between nodes. When both ends open at once, the
 * INIT with the lower id wins (the end holding it ignores the other INIT) and the other end answers it; its own
 * INIT may still be in flight and reach the winner after the REPLY, and it is then dropped as stale because the
 * REPLY's time_r is at least its time. Without the stamp the winner would answer that abandoned INIT and replace
 * a working link with one the peer never hears of (the peer drops the REPLY: it asked for nothing), after which
 * neither end could open the other's datagrams again. Why not just a tie-break (say, the smaller address keeps
 * its exchange)? That decides which of two concurrent requests goes on, but the loser's request is already on
 * the wire and can arrive after the link exists, where no tie-break applies; telling it from a restarted peer's
 * new request takes the sender's clock. Why not a new exchange whenever a datagram names an unknown link? That
 * only repairs after the fact, both ends would start one at once again, and anyone could make a node rekey by
 * sending junk. A restarted peer has no link and sends an INIT from its clock, later than its stamps before the
 * restart, so it is answered.
 *
 * <p>Packets for a peer without a link wait (at most {@value #MAX_HELD} of them) until the exchange ends; the
 * reliable protocol retransmits whatever is lost meanwhile. Threads: a peer's state is guarded by its monitor;
 * opening happens on the endpoint's event loop.
 */
public final class DatagramSecurity implements DatagramGuard {
    private static final Logger log = LoggerFactory.getLogger(DatagramSecurity.class);
    private static final int MAX_HELD = 256;
    private static final long INIT_RESEND_NANOS = 50_000_000L;

    private final PoolSecurity security;
    private final byte[] key;
    private final Supplier<satin.ipl.Location> self;
    private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
    private final Map<InetSocketAddress, Peer> peers = new ConcurrentHashMap<>();
    private Port port;

    /**
     * @param self this node's location (for the encryption policy), known once the node has joined, which is
     *     before any link exists
     */
    public DatagramSecurity(PoolSecurity security, String pool, Supplier<satin.ipl.Location> self) {
        this.security = security;
        this.key = security.key("udp handshake " + pool);
        this.self = self;
    }

    @Override
    public void attach(Port endpointPort) {
        this.port = endpointPort;
    }

    @Override
    public int overhead() {
        return SealedLink.HEADER + SealedLink.TAG;
    }

    /** One peer address: its current link, or the exchange this side started, with the packets held for it. */
    private static final class Peer {
        SealedLink link;
        /** The peer's stamp on the current link (its clock): an INIT from the peer must be newer. */
        long peerTime = Long.MIN_VALUE;
        /**
         * With a link this end initiated: the peer's stamp before it ({@code peerTime} then). An INIT stamped after
         * it and not after the link's is the one the peer abandoned for this link (see "Stale requests").
         */
        long peerTimeBeforeLink = Long.MAX_VALUE;
        /** The largest stamp this end has sent the peer (its own clock). */
        long ownTime = Long.MIN_VALUE;
        long linkInitiatorId;
        byte[] lastReply;
        // the exchange this side started
        long pendingId;
        long pendingTime;
        KeyPair pendingPair;
        byte[] pendingInit;
        long lastInitNanos;
        final ArrayDeque<ByteBuf> held = new ArrayDeque<>();
    }

    @Override
    public ByteBuf seal(ByteBuf packet, InetSocketAddress to) {
        Peer p = peers.computeIfAbsent(to, a -> new Peer());
        byte[] init = null;
        synchronized (p) {
            if (p.link != null) {
                try {
                    return p.link.seal(packet, alloc);
                } finally {
                    packet.release();
                }
            }
            if (p.held.size() < MAX_HELD) {
                p.held.add(packet);
            } else {
                packet.release();
            }
            long now = System.nanoTime();
            if (p.pendingInit == null) {
                p.pendingId = newId();
                p.pendingTime = Math.max(System.currentTimeMillis(), p.ownTime + 1);
                p.ownTime = p.pendingTime;
                p.pendingPair = X25519.ephemeral();
                p.pendingInit = initMessage(p.pendingId, p.pendingTime, p.pendingPair.getPublic().getEncoded());
                init = p.pendingInit;
                p.lastInitNanos = now;
            } else if (now - p.lastInitNanos > INIT_RESEND_NANOS) {
                init = p.pendingInit;
                p.lastInitNanos = now;
            }
        }
        if (init != null) {
            port.transmit(alloc.directBuffer(init.length).writeBytes(init), to);
        }
        return null;
    }

    @Override
    public ByteBuf open(ByteBuf datagram, InetSocketAddress from) {
        int at = datagram.readerIndex();
        if (datagram.readableBytes() < 3) {
            port.drops().drop(DropReason.TRUNCATED, from, datagram.readableBytes() + " bytes");
            return null;
        }
        int magic = datagram.getUnsignedShort(at);
        if (magic == SealedLink.MAGIC) {
            return openSealed(datagram, from);
        }
        if (magic != KeyExchangeCodec.MAGIC) {
            port.drops().drop(DropReason.BAD_MAGIC, from, "0x" + Integer.toHexString(magic)
                    + " (an unauthenticated peer: is it running with --insecure?)");
            return null;
        }
        byte[] bytes = ByteBufUtil.getBytes(datagram);
        if (!KeyExchangeCodec.knownType(bytes)) {
            port.drops().drop(DropReason.UNKNOWN_TYPE, from, "key exchange type " + KeyExchangeCodec.type(bytes));
            return null;
        }
        try {
            KeyExchange.Received received = KeyExchangeCodec.read(bytes);
            if (received.message() instanceof KeyExchange.Init init) {
                onInit(init, received, from);
            } else if (received.message() instanceof KeyExchange.Reply reply) {
                onReply(reply, received, from);
            } else {
                onRefused((KeyExchange.Refused) received.message(), from);
            }
        } catch (MalformedExchange e) {
            port.drops().drop(DropReason.BAD_FIELD, from, "key exchange: " + e.getMessage());
        }
        return null;
    }

    private ByteBuf openSealed(ByteBuf datagram, InetSocketAddress from) {
        if (datagram.readableBytes() < SealedLink.HEADER + SealedLink.TAG) {
            port.drops().drop(DropReason.TRUNCATED, from, "sealed datagram of " + datagram.readableBytes() + " bytes");
            return null;
        }
        Peer p = peers.get(from);
        long id = datagram.getLong(datagram.readerIndex() + 3);
        SealedLink link = null;
        boolean replyAwaited = false;
        if (p != null) {
            synchronized (p) {
                link = p.link;
                // addressed to this end's pending exchange: the peer answered it, and its reply is lost or late
                replyAwaited = p.pendingInit != null && p.pendingId == id;
            }
        }
        if (link == null || link.localId != id) {
            port.drops().drop(replyAwaited ? DropReason.BEFORE_REPLY : DropReason.NO_LINK, from,
                    "link id " + Long.toHexString(id));
            return null;
        }
        SealedLink.Opened o = link.open(datagram, alloc);
        if (o.packet() == null) {
            port.drops().drop(o.reason(), from, o.detail());
        }
        return o.packet();
    }

    private void onInit(KeyExchange.Init init, KeyExchange.Received received, InetSocketAddress from)
            throws MalformedExchange {
        long initiatorId = init.initiatorId();
        long time = init.time();
        if (!Hkdf.same(received.mac(), Hkdf.hmac(key, label("init"), received.signed()))) {
            refuse(from, "a udp key exchange from " + from + " could not prove the pool secret (the pool secrets"
                    + " differ)");
            return;
        }
        Peer p = peers.computeIfAbsent(from, a -> new Peer());
        byte[] reply;
        java.util.List<ByteBuf> flush = new java.util.ArrayList<>();
        synchronized (p) {
            if (p.link != null && p.linkInitiatorId == initiatorId && p.lastReply != null) {
                reply = p.lastReply; // our reply was lost: the same again
            } else if (time <= p.peerTime) {
                // the peer's own request in a simultaneous open, which it abandoned to answer ours: expected, and
                // told apart from a replay by its stamp, newer than anything the peer sent before this link
                boolean abandoned = time > p.peerTimeBeforeLink;
                port.drops().drop(abandoned ? DropReason.ABANDONED_INIT : DropReason.REPLAYED, from,
                        (abandoned ? "key exchange the peer abandoned" : "stale or replayed key exchange")
                        + " from time " + time + ", the peer's time on the current link " + p.peerTime);
                return;
            } else if (p.pendingInit != null && Long.compareUnsigned(p.pendingId, initiatorId) < 0) {
                return; // both opened at once: ours has the lower id and wins, the peer answers it
            } else {
                boolean encrypt = init.wantsEncryption() || security.encrypts(me(), locationOf(init.cluster()));
                KeyPair pair = X25519.ephemeral();
                long responderId = newId();
                // at least the time of our own INIT, if one is pending: the peer then drops it as stale
                long stamp = Math.max(System.currentTimeMillis(), p.ownTime);
                byte[] pub = pair.getPublic().getEncoded();
                byte[] body = KeyExchangeCodec.body(new KeyExchange.Reply(initiatorId, responderId, stamp, pub,
                        encrypt, me().cluster().toString()));
                reply = concat(body, Hkdf.hmac(key, label("reply"), received.datagram(), body));
                byte[] shared = X25519.agree(pair, init.publicKey());
                p.link = link(shared, initiatorId, responderId, false, encrypt);
                p.peerTimeBeforeLink = Long.MAX_VALUE; // the peer initiated: no request of its own was abandoned
                p.peerTime = time;
                p.ownTime = stamp;
                p.linkInitiatorId = initiatorId;
                p.lastReply = reply;
                p.pendingInit = null;
                p.pendingPair = null;
                flush.addAll(p.held);
                p.held.clear();
            }
        }
        port.transmit(alloc.directBuffer(reply.length).writeBytes(reply), from);
        transmitHeld(p, flush, from);
    }

    private void onReply(KeyExchange.Reply reply, KeyExchange.Received received, InetSocketAddress from)
            throws MalformedExchange {
        long initiatorId = reply.initiatorId();
        Peer p = peers.get(from);
        if (p == null) {
            port.drops().drop(DropReason.STALE, from, "key exchange reply without a request");
            return;
        }
        java.util.List<ByteBuf> flush = new java.util.ArrayList<>();
        synchronized (p) {
            if (p.pendingInit == null || p.pendingId != initiatorId) {
                port.drops().drop(DropReason.STALE, from, "key exchange reply to no current request");
                return;
            }
            if (!Hkdf.same(received.mac(), Hkdf.hmac(key, label("reply"), p.pendingInit, received.signed()))) {
                port.drops().drop(DropReason.FORGED, from, "key exchange reply without the pool secret");
                return;
            }
            if (!reply.encrypted() && security.encrypts(me(), locationOf(reply.cluster()))) {
                port.drops().drop(DropReason.FORGED, from, "the peer would not encrypt a link this side encrypts");
                return;
            }
            p.link = link(X25519.agree(p.pendingPair, reply.publicKey()), initiatorId, reply.responderId(), true,
                    reply.encrypted());
            p.peerTimeBeforeLink = p.peerTime;
            p.peerTime = reply.time();
            p.linkInitiatorId = initiatorId;
            p.lastReply = null;
            p.pendingInit = null;
            p.pendingPair = null;
            flush.addAll(p.held);
            p.held.clear();
        }
        transmitHeld(p, flush, from);
    }

    private void onRefused(KeyExchange.Refused refused, InetSocketAddress from) {
        String reason = refused.reason();
        Peer p = peers.get(from);
        if (p == null) {
            return;
        }
        synchronized (p) {
            if (p.pendingInit == null) {
                return; // not asked for: ignored (it is not authenticated)
            }
            p.pendingInit = null;
            p.pendingPair = null;
            p.held.forEach(ByteBuf::release);
            p.held.clear();
        }
        log.warn("udp link to {} refused by the peer: {}", from, reason);
        port.refused(from, "udp link refused by " + from + ": " + reason);
    }

    private void refuse(InetSocketAddress to, String reason) {
        port.drops().drop(DropReason.FORGED, to, reason);
        byte[] refusal = KeyExchangeCodec.body(
                new KeyExchange.Refused("the pool secrets differ: refused by this node's udp port"));
        port.transmit(alloc.directBuffer(refusal.length).writeBytes(refusal), to);
    }

    private void transmitHeld(Peer p, java.util.List<ByteBuf> held, InetSocketAddress to) {
        for (ByteBuf packet : held) {
            ByteBuf sealed = seal(packet, to);
            if (sealed != null) {
                port.transmit(sealed, to);
            }
        }
    }

    private SealedLink link(byte[] shared, long initiatorId, long responderId, boolean initiator, boolean encrypt) {
        byte[] prk = Hkdf.extract(key, shared);
        String ids = Long.toHexString(initiatorId) + " " + Long.toHexString(responderId);
        int length = SealedLink.KEY + SealedLink.SALT;
        byte[] i2r = Hkdf.expand(prk, ("satin udp i2r " + ids).getBytes(StandardCharsets.US_ASCII), length);
        byte[] r2i = Hkdf.expand(prk, ("satin udp r2i " + ids).getBytes(StandardCharsets.US_ASCII), length);
        byte[] send = initiator ? i2r : r2i;
        byte[] receive = initiator ? r2i : i2r;
        return new SealedLink(initiator ? initiatorId : responderId, initiator ? responderId : initiatorId, encrypt,
                java.util.Arrays.copyOf(send, SealedLink.KEY), java.util.Arrays.copyOfRange(send, SealedLink.KEY, length),
                java.util.Arrays.copyOf(receive, SealedLink.KEY),
                java.util.Arrays.copyOfRange(receive, SealedLink.KEY, length));
    }

    private byte[] initMessage(long id, long time, byte[] publicKey) {
        // wide-area: the responder decides from the clusters, and this side checks its decision in the reply
        boolean want = security.policy() == EncryptionPolicy.ALL;
        byte[] body = KeyExchangeCodec.body(new KeyExchange.Init(id, time, publicKey, want,
                me().cluster().toString()));
        return concat(body, Hkdf.hmac(key, label("init"), body));
    }

    private satin.ipl.Location me() {
        satin.ipl.Location l = self.get();
        return l != null ? l : satin.ipl.Location.parse("self");
    }

    /** The location standing for a peer of this cluster in the policy (only the cluster counts there). */
    private static satin.ipl.Location locationOf(String cluster) {
        return satin.ipl.Location.parse(cluster.isEmpty() ? "peer" : "peer@" + cluster);
    }

    private static byte[] label(String s) {
        return ("satin udp " + s).getBytes(StandardCharsets.US_ASCII);
    }

    private long newId() {
        long id;
        do {
            id = security.random().nextLong();
        } while (id == 0);
        return id;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Override
    public void close() {
        for (Peer p : peers.values()) {
            synchronized (p) {
                p.held.forEach(ByteBuf::release);
                p.held.clear();
            }
        }
    }
}
