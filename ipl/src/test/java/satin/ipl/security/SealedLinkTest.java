package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import satin.ipl.udp.protocol.DropReason;

/**
 * One link's sealing and opening, byte for byte: the cipher now runs in place on heap arrays, so these check that
 * what goes in comes out, that the packet handed to {@link SealedLink#seal} is left as it was (it may be a slice of
 * a message still to be retransmitted), and that every altered byte and every repeat is refused.
 */
class SealedLinkTest {
    private static final ByteBufAllocator ALLOC = PooledByteBufAllocator.DEFAULT;

    /** Both ends of one link, with distinct keys and salts per direction. */
    private static SealedLink[] pair(boolean encrypted) {
        Random r = new Random(7);
        byte[] k1 = new byte[SealedLink.KEY];
        byte[] k2 = new byte[SealedLink.KEY];
        byte[] s1 = new byte[SealedLink.SALT];
        byte[] s2 = new byte[SealedLink.SALT];
        r.nextBytes(k1);
        r.nextBytes(k2);
        r.nextBytes(s1);
        r.nextBytes(s2);
        return new SealedLink[] {new SealedLink(1, 2, encrypted, k1, s1, k2, s2),
            new SealedLink(2, 1, encrypted, k2, s2, k1, s1)};
    }

    /** A packet in direct memory that does not start at index 0, as a slice of a pooled message does. */
    private static ByteBuf packet(byte[] body) {
        ByteBuf b = ALLOC.directBuffer(body.length + 11);
        b.writeBytes(new byte[11]).writeBytes(body).readerIndex(11);
        return b;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void whatIsSealedOpensToTheSameBytesAndThePacketIsLeftAlone(boolean encrypted) {
        SealedLink[] link = pair(encrypted);
        for (int size : new int[] {0, 1, 15, 16, 17, 1400, 60_000}) {
            byte[] body = new byte[size];
            new Random(size).nextBytes(body);
            ByteBuf p = packet(body);
            ByteBuf sealed = link[0].seal(p, ALLOC);
            try {
                assertEquals(11, p.readerIndex(), "the packet's reader index is left as it was");
                assertArrayEquals(body, ByteBufUtil.getBytes(p), "the packet's bytes are left as they were");
                assertEquals(SealedLink.HEADER + size + SealedLink.TAG, sealed.readableBytes());
                byte[] wire = ByteBufUtil.getBytes(sealed, SealedLink.HEADER, size);
                if (encrypted && size >= 16) {
                    assertFalse(java.util.Arrays.equals(body, wire), "an encrypted link does not send the body");
                } else if (!encrypted) {
                    assertArrayEquals(body, wire, "an authenticated-only link sends the body in the clear");
                }
                SealedLink.Opened o = link[1].open(sealed, ALLOC);
                assertNotNull(o.packet(), () -> "refused: " + o.detail());
                assertArrayEquals(body, ByteBufUtil.getBytes(o.packet()));
                o.packet().release();
            } finally {
                p.release();
                sealed.release();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void everyAlteredByteIsRefusedAsForged(boolean encrypted) {
        SealedLink[] link = pair(encrypted);
        byte[] body = new byte[40];
        new Random(3).nextBytes(body);
        ByteBuf p = packet(body);
        ByteBuf sealed = link[0].seal(p, ALLOC);
        p.release();
        try {
            for (int i = 0; i < sealed.readableBytes(); i++) {
                if (i >= 3 && i < 11) {
                    continue; // the link id: the endpoint routes by it before the link sees the datagram
                }
                ByteBuf altered = sealed.copy();
                altered.setByte(i, altered.getByte(i) ^ 0x20);
                SealedLink.Opened o = link[1].open(altered, ALLOC);
                altered.release();
                assertNull(o.packet(), "byte " + i + " altered, yet opened");
                assertEquals(DropReason.FORGED, o.reason(), "byte " + i + ": " + o.detail());
            }
            SealedLink.Opened ok = link[1].open(sealed, ALLOC);
            assertNotNull(ok.packet(), "the unaltered datagram still opens after the forgeries");
            ok.packet().release();
            SealedLink.Opened again = link[1].open(sealed, ALLOC);
            assertNull(again.packet());
            assertEquals(DropReason.REPLAYED, again.reason(), "the same datagram twice is a replay");
        } finally {
            sealed.release();
        }
    }
}
