package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.SplittableRandom;

/** Generates random and almost-valid datagrams: pure noise, valid packets with mutated bytes, forged fields. */
final class HostileDatagrams {
    private final SplittableRandom random;
    private final PacketEncoder encoder;

    HostileDatagrams(long seed) {
        this.random = new SplittableRandom(seed);
        this.encoder = new PacketEncoder(UnpooledByteBufAllocator.DEFAULT, 1 + random.nextLong(Long.MAX_VALUE - 1));
    }

    byte[] next() {
        return switch (random.nextInt(4)) {
            case 0 -> noise();
            case 1 -> mutate(valid());
            case 2 -> truncate(valid());
            default -> valid();
        };
    }

    private byte[] noise() {
        byte[] b = new byte[random.nextInt(1500)];
        random.nextBytes(b);
        if (b.length >= 4 && random.nextBoolean()) {
            b[0] = (byte) (Wire.MAGIC >> 8);
            b[1] = (byte) Wire.MAGIC;
            b[2] = (byte) Wire.VERSION;
            b[3] = (byte) random.nextInt(5);
        }
        return b;
    }

    private byte[] valid() {
        ByteBuf b;
        switch (random.nextInt(3)) {
            case 0 -> {
                byte[] payload = new byte[random.nextInt(1400)];
                int flags = random.nextInt(4);
                b = encoder.data(1 + random.nextInt(3), randomSeq(), random.nextLong(), flags, payload.length + random.nextInt(3_000),
                        payload, 0, payload.length);
            }
            case 1 -> {
                int n = random.nextInt(Wire.MAX_SACK_RANGES + 1);
                long cumulative = randomSeq();
                long[] ranges = new long[2 * n];
                long at = cumulative;
                for (int i = 0; i < n; i++) {
                    at += 1 + random.nextInt(50);
                    ranges[2 * i] = at;
                    at += 1 + random.nextInt(50);
                    ranges[2 * i + 1] = at;
                }
                b = encoder.ack(random.nextLong(), 1 + random.nextInt(3), cumulative, random.nextInt(Integer.MAX_VALUE), random.nextLong(),
                        ranges, n);
            }
            default -> {
                byte[] payload = new byte[random.nextInt(200)];
                b = encoder.datagram(payload, 0, payload.length);
            }
        }
        byte[] bytes = ByteBufUtil.getBytes(b);
        b.release();
        return bytes;
    }

    private long randomSeq() {
        return random.nextBoolean() ? random.nextInt(4096) : random.nextLong();
    }

    private byte[] mutate(byte[] b) {
        int flips = 1 + random.nextInt(4);
        for (int i = 0; i < flips && b.length > 0; i++) {
            b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
        return b;
    }

    private byte[] truncate(byte[] b) {
        return java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
    }
}
