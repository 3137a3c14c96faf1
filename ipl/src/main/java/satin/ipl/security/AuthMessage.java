package satin.ipl.security;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The messages of the authentication exchange that opens every tcp link and registry connection (see {@link
 * PeerAuthenticator}), big-endian: {@code int magic 'SAUT', byte version 1, byte type, short length, body}.
 * <ul>
 * <li>OPEN (connector): its nonce, {@value #NONCE} bytes.</li>
 * <li>CHALLENGE (acceptor): its nonce and its proof, {@value #NONCE} + {@value #PROOF} bytes.</li>
 * <li>PROOF (connector): its proof, {@value #PROOF} bytes.</li>
 * <li>REFUSED (either): the reason, UTF-8, at most {@value #MAX_BODY} bytes.</li>
 * </ul>
 * Decoding checks every field; a violation is an {@link AuthenticationException} naming it.
 */
public record AuthMessage(byte type, byte[] nonce, byte[] proof, String reason) {
    public static final int MAGIC = 0x53415554;
    public static final byte VERSION = 1;
    public static final byte OPEN = 1;
    public static final byte CHALLENGE = 2;
    public static final byte PROOF_TYPE = 3;
    public static final byte REFUSED = 4;
    public static final int NONCE = 32;
    public static final int PROOF = 32;
    public static final int HEAD = 8;
    public static final int MAX_BODY = 512;

    public static AuthMessage open(byte[] nonce) {
        return new AuthMessage(OPEN, nonce, null, null);
    }

    public static AuthMessage challenge(byte[] nonce, byte[] proof) {
        return new AuthMessage(CHALLENGE, nonce, proof, null);
    }

    public static AuthMessage proof(byte[] proof) {
        return new AuthMessage(PROOF_TYPE, null, proof, null);
    }

    public static AuthMessage refused(String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        if (text.length > MAX_BODY) {
            reason = new String(text, 0, MAX_BODY, StandardCharsets.UTF_8);
            while (reason.getBytes(StandardCharsets.UTF_8).length > MAX_BODY) {
                reason = reason.substring(0, reason.length() - 1);
            }
        }
        return new AuthMessage(REFUSED, null, null, reason);
    }

    public ByteBuf encode(ByteBufAllocator alloc) {
        byte[] body = switch (type) {
            case OPEN -> nonce;
            case CHALLENGE -> concat(nonce, proof);
            case PROOF_TYPE -> proof;
            default -> reason.getBytes(StandardCharsets.UTF_8);
        };
        ByteBuf b = alloc.buffer(HEAD + body.length);
        b.writeInt(MAGIC).writeByte(VERSION).writeByte(type).writeShort(body.length).writeBytes(body);
        return b;
    }

    /** Whether the next readable bytes start an authentication message (they begin with its magic). */
    public static boolean startsMessage(ByteBuf in) {
        return in.readableBytes() >= 4 && in.getInt(in.readerIndex()) == MAGIC;
    }

    /**
     * Decodes one message if it is complete, else returns null and leaves {@code in} as it was. Rejects a
     * message whose header is wrong as soon as the header is there.
     */
    public static AuthMessage decode(ByteBuf in) throws AuthenticationException {
        if (in.readableBytes() < HEAD) {
            return null;
        }
        int at = in.readerIndex();
        int magic = in.getInt(at);
        if (magic != MAGIC) {
            throw new AuthenticationException("expected the pool authentication exchange, got bytes 0x"
                    + Integer.toHexString(magic) + (magic == 0x53415450 || (magic >>> 16) == 0
                    ? " (a peer without pool authentication: is it running with --insecure?)" : ""));
        }
        byte version = in.getByte(at + 4);
        if (version != VERSION) {
            throw new AuthenticationException("unsupported authentication protocol version " + version);
        }
        byte type = in.getByte(at + 5);
        int length = in.getUnsignedShort(at + 6);
        int expected = switch (type) {
            case OPEN -> NONCE;
            case CHALLENGE -> NONCE + PROOF;
            case PROOF_TYPE -> PROOF;
            case REFUSED -> -1;
            default -> throw new AuthenticationException("unknown authentication message type " + type);
        };
        if (expected >= 0 ? length != expected : length > MAX_BODY) {
            throw new AuthenticationException("authentication message type " + type + " with a body of " + length
                    + " bytes");
        }
        if (in.readableBytes() < HEAD + length) {
            return null;
        }
        in.skipBytes(HEAD);
        byte[] body = new byte[length];
        in.readBytes(body);
        return switch (type) {
            case OPEN -> open(body);
            case CHALLENGE -> challenge(java.util.Arrays.copyOf(body, NONCE),
                    java.util.Arrays.copyOfRange(body, NONCE, NONCE + PROOF));
            case PROOF_TYPE -> proof(body);
            default -> new AuthMessage(REFUSED, null, null, new String(body, StandardCharsets.UTF_8));
        };
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
