package satin.ipl.registry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.RegistryEvent;
import satin.ipl.spi.ProtocolException;
import satin.ipl.spi.WireFields;

/**
 * Registry wire format over TCP, big-endian: {@code int length, int magic 'SREG', byte version, byte type,
 * body}. Bodies use the length-prefixed strings of {@link WireFields}. Every decode checks magic, version,
 * type and that the body is consumed exactly; violations are {@link ProtocolException}s.
 */
public final class RegistryProtocol {
    public static final int MAGIC = 0x53524547;
    public static final byte VERSION = 1;
    public static final int MAX_FRAME = 64 * 1024;

    public static final byte JOIN = 1;
    public static final byte JOIN_OK = 2;
    public static final byte JOIN_REFUSED = 3;
    public static final byte EVENT = 4;
    public static final byte LEAVE = 5;
    public static final byte HEARTBEAT = 6;
    public static final byte ELECT = 7;
    public static final byte SIGNAL = 8;
    public static final byte TERMINATE = 9;
    /** A member that lost its registry comes back: {@link Rejoin}; answered by JOIN_OK or JOIN_REFUSED. */
    public static final byte REJOIN = 10;
    private static final int MAX_REJOIN_IDS = 1_000_000;
    private static final int MAX_TARGETS = 100_000;

    private RegistryProtocol() {
    }

    /** A decoded frame: its type and the unread body. */
    public record Frame(byte type, ByteBuf body) {
    }

    /** Starts a frame; call {@link #finish} after writing the body. */
    public static ByteBuf start(ByteBufAllocator alloc, byte type) {
        ByteBuf b = alloc.buffer();
        b.writeInt(0);
        b.writeInt(MAGIC);
        b.writeByte(VERSION);
        b.writeByte(type);
        return b;
    }

    public static ByteBuf finish(ByteBuf b) {
        b.setInt(0, b.readableBytes() - 4);
        return b;
    }

    /** Decodes a frame whose length prefix was removed. */
    public static Frame decode(ByteBuf frame) throws ProtocolException {
        if (frame.readableBytes() < 6) {
            throw new ProtocolException("truncated registry frame of " + frame.readableBytes() + " bytes");
        }
        int magic = frame.readInt();
        if (magic != MAGIC) {
            throw new ProtocolException("bad registry magic 0x" + Integer.toHexString(magic));
        }
        byte version = frame.readByte();
        if (version != VERSION) {
            throw new ProtocolException("unsupported registry protocol version " + version);
        }
        byte type = frame.readByte();
        if (type < JOIN || type > REJOIN) {
            throw new ProtocolException("unknown registry message type " + type);
        }
        return new Frame(type, frame);
    }

    public static void requireEnd(ByteBuf body) throws ProtocolException {
        if (body.isReadable()) {
            throw new ProtocolException(body.readableBytes() + " unexpected trailing bytes in registry frame");
        }
    }

    public static ByteBuf join(ByteBufAllocator alloc, JoinRequest r, int heartbeatTimeoutMillis) {
        ByteBuf b = start(alloc, JOIN);
        WireFields.writeString(b, r.pool());
        WireFields.writeString(b, r.location().toString());
        WireFields.writeString(b, r.implementation());
        WireFields.writeBytes(b, r.address());
        WireFields.writeBytes(b, r.registrationHash());
        b.writeInt(r.closedPoolSize());
        b.writeInt(heartbeatTimeoutMillis);
        b.writeByte((r.malleable() ? 1 : 0) | (r.joinRunning() ? 2 : 0));
        return finish(b);
    }

    /** A decoded JOIN. */
    public record Join(JoinRequest request, int heartbeatTimeoutMillis) {
    }

    public static Join readJoin(ByteBuf b) throws ProtocolException {
        try {
            String pool = WireFields.readString(b);
            Location location = Location.parse(WireFields.readString(b));
            String impl = WireFields.readString(b);
            byte[] address = WireFields.readBytes(b);
            byte[] hash = WireFields.readBytes(b);
            int size = readInt(b);
            int timeout = readInt(b);
            int flags = readByte(b);
            requireEnd(b);
            if (size < 0 || timeout <= 0) {
                throw new ProtocolException("JOIN with pool size " + size + " and heartbeat timeout " + timeout);
            }
            if ((flags & ~3) != 0) {
                throw new ProtocolException("JOIN with unknown flags 0x" + Integer.toHexString(flags & 0xff));
            }
            return new Join(new JoinRequest(pool, location, impl, address, hash, size, (flags & 1) != 0,
                    (flags & 2) != 0), timeout);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException("malformed JOIN: " + e.getMessage());
        }
    }

    public static ByteBuf rejoin(ByteBufAllocator alloc, Rejoin r) {
        ByteBuf b = start(alloc, REJOIN);
        WireFields.writeIdentifier(b, r.self());
        WireFields.writeBytes(b, r.registrationHash());
        b.writeInt(r.closedPoolSize());
        b.writeByte((r.malleable() ? 1 : 0) | (r.terminated() ? 2 : 0));
        b.writeInt(r.joinedBeforeClose());
        b.writeLong(r.highestId());
        b.writeInt(r.heartbeatTimeoutMillis());
        b.writeInt(r.memberIds().size());
        for (String id : r.memberIds()) {
            WireFields.writeString(b, id);
        }
        b.writeInt(r.winners().size());
        for (Map.Entry<String, String> w : r.winners().entrySet()) {
            WireFields.writeString(b, w.getKey());
            WireFields.writeString(b, w.getValue());
        }
        return finish(b);
    }

    public static Rejoin readRejoin(ByteBuf b) throws ProtocolException {
        NodeIdentifier self = WireFields.readIdentifier(b);
        byte[] hash = WireFields.readBytes(b);
        int size = readInt(b);
        int flags = readByte(b);
        int joinedBeforeClose = readInt(b);
        if (b.readableBytes() < 8) {
            throw new ProtocolException("truncated REJOIN");
        }
        long highest = b.readLong();
        int timeout = readInt(b);
        int n = readInt(b);
        if (size < 0 || timeout <= 0 || (flags & ~3) != 0 || n < 1 || n > MAX_REJOIN_IDS || highest < 0) {
            throw new ProtocolException("malformed REJOIN (size " + size + ", timeout " + timeout + ", flags " + flags
                    + ", " + n + " members, highest id " + highest + ")");
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(WireFields.readString(b));
        }
        int w = readInt(b);
        if (w < 0 || w > MAX_REJOIN_IDS) {
            throw new ProtocolException("REJOIN with " + w + " elections");
        }
        Map<String, String> winners = new LinkedHashMap<>();
        for (int i = 0; i < w; i++) {
            winners.put(WireFields.readString(b), WireFields.readString(b));
        }
        requireEnd(b);
        return new Rejoin(self, hash, size, (flags & 1) != 0, joinedBeforeClose, (flags & 2) != 0, highest, ids,
                winners, timeout);
    }

    public static ByteBuf identifier(ByteBufAllocator alloc, byte type, NodeIdentifier id) {
        ByteBuf b = start(alloc, type);
        WireFields.writeIdentifier(b, id);
        return finish(b);
    }

    public static ByteBuf text(ByteBufAllocator alloc, byte type, String text) {
        ByteBuf b = start(alloc, type);
        WireFields.writeString(b, text);
        return finish(b);
    }

    /** JOIN_REFUSED: the reason, and whether the same join may succeed later ({@link JoinRefusedException#notYet}). */
    public static ByteBuf refused(ByteBufAllocator alloc, JoinRefusedException e) {
        ByteBuf b = start(alloc, JOIN_REFUSED);
        WireFields.writeString(b, e.getMessage());
        b.writeBoolean(e.notYet());
        return finish(b);
    }

    public static JoinRefusedException readRefused(ByteBuf b) throws ProtocolException {
        String why = WireFields.readString(b);
        boolean notYet = readByte(b) != 0;
        requireEnd(b);
        return new JoinRefusedException(why, notYet);
    }

    public static ByteBuf empty(ByteBufAllocator alloc, byte type) {
        return finish(start(alloc, type));
    }

    public static ByteBuf event(ByteBufAllocator alloc, RegistryEvent e) {
        ByteBuf b = start(alloc, EVENT);
        b.writeByte(e.type().ordinal());
        b.writeBoolean(e.node() != null);
        if (e.node() != null) {
            WireFields.writeIdentifier(b, e.node());
        }
        b.writeBoolean(e.text() != null);
        if (e.text() != null) {
            WireFields.writeString(b, e.text());
        }
        return finish(b);
    }

    public static RegistryEvent readEvent(ByteBuf b) throws ProtocolException {
        int type = readByte(b);
        RegistryEvent.Type[] types = RegistryEvent.Type.values();
        if (type < 0 || type >= types.length) {
            throw new ProtocolException("unknown registry event type " + type);
        }
        NodeIdentifier node = readByte(b) != 0 ? WireFields.readIdentifier(b) : null;
        String text = readByte(b) != 0 ? WireFields.readString(b) : null;
        requireEnd(b);
        return new RegistryEvent(types[type], node, text);
    }

    public static ByteBuf signal(ByteBufAllocator alloc, String signal, List<NodeIdentifier> targets) {
        ByteBuf b = start(alloc, SIGNAL);
        WireFields.writeString(b, signal);
        b.writeInt(targets.size());
        for (NodeIdentifier t : targets) {
            WireFields.writeString(b, t.id());
        }
        return finish(b);
    }

    /** A decoded SIGNAL: the text and the target ids (empty = everybody). */
    public record Signal(String text, List<String> targetIds) {
    }

    public static Signal readSignal(ByteBuf b) throws ProtocolException {
        String text = WireFields.readString(b);
        int n = readInt(b);
        if (n < 0 || n > MAX_TARGETS) {
            throw new ProtocolException("SIGNAL with " + n + " targets");
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(WireFields.readString(b));
        }
        requireEnd(b);
        return new Signal(text, ids);
    }

    private static int readInt(ByteBuf b) throws ProtocolException {
        if (b.readableBytes() < 4) {
            throw new ProtocolException("truncated registry frame");
        }
        return b.readInt();
    }

    private static int readByte(ByteBuf b) throws ProtocolException {
        if (!b.isReadable()) {
            throw new ProtocolException("truncated registry frame");
        }
        return b.readByte();
    }
}
