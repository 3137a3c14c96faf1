package satin.ipl.security;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

/**
 * The wire format of the udp key exchange, written and read in this one place. Pure: encoding and decoding
 * change no state, and reading checks every length before it copies (a datagram is anyone's bytes).
 *
 * <pre>
 *   INIT    = magic:2 | 1 | initiatorId:8 | time:8 | len:1 pub | want:1 | len:1 cluster | mac:32
 *   REPLY   = magic:2 | 2 | initiatorId:8 | responderId:8 | time:8 | len:1 pub | encrypt:1 | len:1 cluster | mac:32
 *   REFUSED = magic:2 | 3 | reason (UTF-8, the rest of the datagram, read up to 512 bytes)
 * </pre>
 *
 * {@link #body} is a message without its MAC: what the MAC is computed over when sending. A cluster name is cut to
 * {@value #MAX_CLUSTER} bytes.
 */
final class KeyExchangeCodec {
    /** The first two bytes of every key exchange datagram ('SH'). */
    static final int MAGIC = 0x5348;
    static final int MAX_PUBLIC_KEY = 64;
    static final int MAX_CLUSTER = 255;
    static final int MAX_REASON = 512;

    private KeyExchangeCodec() {
    }

    /** The message's bytes without a MAC. */
    static byte[] body(KeyExchange message) {
        ByteBuf b = Unpooled.buffer();
        b.writeShort(MAGIC);
        if (message instanceof KeyExchange.Init i) {
            b.writeByte(KeyExchange.INIT).writeLong(i.initiatorId()).writeLong(i.time());
            b.writeByte(i.publicKey().length).writeBytes(i.publicKey()).writeBoolean(i.wantsEncryption());
            writeText(b, i.cluster());
        } else if (message instanceof KeyExchange.Reply r) {
            b.writeByte(KeyExchange.REPLY).writeLong(r.initiatorId()).writeLong(r.responderId()).writeLong(r.time());
            b.writeByte(r.publicKey().length).writeBytes(r.publicKey()).writeBoolean(r.encrypted());
            writeText(b, r.cluster());
        } else {
            b.writeByte(KeyExchange.REFUSED).writeBytes(((KeyExchange.Refused) message).reason()
                    .getBytes(StandardCharsets.UTF_8));
        }
        return ByteBufUtil.getBytes(b);
    }

    /** The type byte of a datagram of at least three bytes that starts with {@link #MAGIC}. */
    static byte type(byte[] datagram) {
        return datagram[2];
    }

    /** Whether {@link #read} knows the datagram's type (a datagram of at least three bytes). */
    static boolean knownType(byte[] datagram) {
        byte t = type(datagram);
        return t == KeyExchange.INIT || t == KeyExchange.REPLY || t == KeyExchange.REFUSED;
    }

    /**
     * Reads a datagram that starts with {@link #MAGIC} and a known type byte.
     *
     * @throws MalformedExchange when a length is out of bounds, the datagram ends early or has bytes left over
     */
    static KeyExchange.Received read(byte[] datagram) throws MalformedExchange {
        Reader r = new Reader(datagram, 3);
        KeyExchange message = switch (type(datagram)) {
            case KeyExchange.INIT -> new KeyExchange.Init(r.longValue(), r.longValue(), r.bytes(MAX_PUBLIC_KEY),
                    r.flag(), r.text());
            case KeyExchange.REPLY -> new KeyExchange.Reply(r.longValue(), r.longValue(), r.longValue(),
                    r.bytes(MAX_PUBLIC_KEY), r.flag(), r.text());
            case KeyExchange.REFUSED -> new KeyExchange.Refused(new String(datagram, 3,
                    Math.min(datagram.length - 3, MAX_REASON), StandardCharsets.UTF_8));
            default -> throw new MalformedExchange("key exchange type " + type(datagram));
        };
        if (message instanceof KeyExchange.Refused) {
            return new KeyExchange.Received(message, datagram, datagram.length);
        }
        int macAt = r.at;
        r.skip(Hkdf.HASH_BYTES);
        r.end();
        return new KeyExchange.Received(message, datagram, macAt);
    }

    private static void writeText(ByteBuf b, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(bytes.length, MAX_CLUSTER);
        b.writeByte(n).writeBytes(bytes, 0, n);
    }

    /** A key exchange message that does not parse. */
    static final class MalformedExchange extends Exception {
        MalformedExchange(String message) {
            super(message);
        }
    }

    /** Reads a message front to back, checking every length before it copies. */
    private static final class Reader {
        final byte[] m;
        int at;

        Reader(byte[] m, int at) {
            this.m = m;
            this.at = at;
        }

        private void need(int n) throws MalformedExchange {
            if (at + n > m.length) {
                throw new MalformedExchange("truncated at byte " + at + " of " + m.length);
            }
        }

        long longValue() throws MalformedExchange {
            need(8);
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | (m[at++] & 0xff);
            }
            return v;
        }

        boolean flag() throws MalformedExchange {
            need(1);
            return m[at++] != 0;
        }

        byte[] bytes(int max) throws MalformedExchange {
            need(1);
            int n = m[at++] & 0xff;
            if (n > max) {
                throw new MalformedExchange(n + " bytes where at most " + max + " fit");
            }
            return fixed(n);
        }

        void skip(int n) throws MalformedExchange {
            need(n);
            at += n;
        }

        byte[] fixed(int n) throws MalformedExchange {
            need(n);
            byte[] b = Arrays.copyOfRange(m, at, at + n);
            at += n;
            return b;
        }

        String text() throws MalformedExchange {
            return new String(bytes(MAX_CLUSTER), StandardCharsets.UTF_8);
        }

        void end() throws MalformedExchange {
            if (at != m.length) {
                throw new MalformedExchange((m.length - at) + " bytes too many");
            }
        }
    }
}
