package satin.ipl.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import satin.ipl.security.KeyExchangeCodec.MalformedExchange;

class KeyExchangeCodecTest {
    private static final byte[] KEY = HexFormat.of().parseHex("0102030405");
    private static final byte[] MAC = new byte[Hkdf.HASH_BYTES];

    static {
        Arrays.fill(MAC, (byte) 0x7e);
    }

    private static byte[] signedWithMac(KeyExchange message) {
        byte[] body = KeyExchangeCodec.body(message);
        byte[] out = Arrays.copyOf(body, body.length + MAC.length);
        System.arraycopy(MAC, 0, out, body.length, MAC.length);
        return out;
    }

    @Test
    void anInitIsWrittenFieldByFieldAndReadBack() throws MalformedExchange {
        byte[] body = KeyExchangeCodec.body(new KeyExchange.Init(0x1122334455667788L, 42, KEY, true, "das4"));
        assertEquals("5348" + "01" + "1122334455667788" + "000000000000002a" + "05" + "0102030405" + "01"
                + "04" + HexFormat.of().formatHex("das4".getBytes(StandardCharsets.UTF_8)), HexFormat.of().formatHex(body));

        KeyExchange.Received r = KeyExchangeCodec.read(signedWithMac(
                new KeyExchange.Init(0x1122334455667788L, 42, KEY, true, "das4")));
        KeyExchange.Init init = (KeyExchange.Init) r.message();
        assertEquals(0x1122334455667788L, init.initiatorId());
        assertEquals(42, init.time());
        assertArrayEquals(KEY, init.publicKey());
        assertTrue(init.wantsEncryption());
        assertEquals("das4", init.cluster());
        assertArrayEquals(body, r.signed(), "the MAC covers the bytes as they arrived");
        assertArrayEquals(MAC, r.mac());
    }

    @Test
    void aReplyRoundTrips() throws MalformedExchange {
        KeyExchange.Received r = KeyExchangeCodec.read(signedWithMac(
                new KeyExchange.Reply(-1L, 7L, Long.MIN_VALUE, KEY, false, "")));
        KeyExchange.Reply reply = (KeyExchange.Reply) r.message();
        assertEquals(-1L, reply.initiatorId());
        assertEquals(7L, reply.responderId());
        assertEquals(Long.MIN_VALUE, reply.time());
        assertArrayEquals(KEY, reply.publicKey());
        assertEquals(false, reply.encrypted());
        assertEquals("", reply.cluster());
    }

    @Test
    void aRefusalCarriesItsReasonAndNoMac() throws MalformedExchange {
        KeyExchange.Received r = KeyExchangeCodec.read(KeyExchangeCodec.body(new KeyExchange.Refused("wrong secret")));
        assertEquals("wrong secret", ((KeyExchange.Refused) r.message()).reason());
        assertEquals(0, r.mac().length);
        String longReason = "x".repeat(2 * KeyExchangeCodec.MAX_REASON);
        KeyExchange.Received cut = KeyExchangeCodec.read(KeyExchangeCodec.body(new KeyExchange.Refused(longReason)));
        assertEquals(KeyExchangeCodec.MAX_REASON, ((KeyExchange.Refused) cut.message()).reason().length());
    }

    @Test
    void aLongClusterNameIsCutToWhatALengthByteHolds() throws MalformedExchange {
        String cluster = "c".repeat(300);
        KeyExchange.Received r = KeyExchangeCodec.read(signedWithMac(new KeyExchange.Init(1, 2, KEY, false, cluster)));
        assertEquals(cluster.substring(0, KeyExchangeCodec.MAX_CLUSTER), ((KeyExchange.Init) r.message()).cluster());
    }

    @Test
    void everyTruncationAndEveryExtraByteIsRefusedWithItsReason() {
        byte[] whole = signedWithMac(new KeyExchange.Reply(3, 4, 5, KEY, true, "site"));
        for (int n = 3; n < whole.length; n++) {
            byte[] cut = Arrays.copyOf(whole, n);
            MalformedExchange e = assertThrows(MalformedExchange.class, () -> KeyExchangeCodec.read(cut), "" + n);
            assertTrue(e.getMessage().startsWith("truncated at byte"), e.getMessage());
        }
        byte[] longer = Arrays.copyOf(whole, whole.length + 2);
        assertEquals("2 bytes too many",
                assertThrows(MalformedExchange.class, () -> KeyExchangeCodec.read(longer)).getMessage());
    }

    @Test
    void anOversizedPublicKeyOrAnUnknownTypeIsRefused() {
        byte[] init = signedWithMac(new KeyExchange.Init(1, 2, KEY, false, ""));
        init[3 + 16] = (byte) (KeyExchangeCodec.MAX_PUBLIC_KEY + 1); // the public key's length byte
        assertEquals("65 bytes where at most 64 fit",
                assertThrows(MalformedExchange.class, () -> KeyExchangeCodec.read(init)).getMessage());
        byte[] unknown = {0x53, 0x48, 9};
        assertEquals("key exchange type 9",
                assertThrows(MalformedExchange.class, () -> KeyExchangeCodec.read(unknown)).getMessage());
    }
}
