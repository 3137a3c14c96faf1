package satin.ipl.udp.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.RecvByteBufAllocator;

/**
 * Receive buffers for one datagram socket, reused instead of allocated per datagram. Every read needs a buffer as
 * large as the largest datagram (64 KiB with loopback fragments), and Netty's pooled allocator caches per thread only
 * buffers up to 32 KiB: larger ones cost a trip to the shared arena on every read, also for a one-byte ack. The
 * endpoint copies what it keeps out of each datagram before it returns, so a buffer is free again as soon as the
 * datagram handed out in it was released; a handful of buffers covers one batch of reads, and should a batch hold
 * more datagrams, the extra ones get ordinary allocations. Used on the channel's event loop only.
 */
final class ReceiveBuffers implements RecvByteBufAllocator {
    /** Netty reads at most 16 datagrams per batch before handing them on (its default maxMessagesPerRead). */
    private static final int BUFFERS = 16;

    private final int size;
    private final RecvByteBufAllocator sizing;
    private final ByteBuf[] buffers = new ByteBuf[BUFFERS];
    private int next;

    ReceiveBuffers(int size) {
        this.size = size;
        this.sizing = new io.netty.channel.FixedRecvByteBufAllocator(size);
    }

    @Override
    public Handle newHandle() {
        return new DelegatingHandle(sizing.newHandle()) {
            @Override
            public ByteBuf allocate(ByteBufAllocator alloc) {
                return take(alloc);
            }
        };
    }

    /**
     * A view of a free buffer: each view holds one reference to its buffer, which this object holds once for good,
     * so a buffer with a single reference is not in use.
     */
    private ByteBuf take(ByteBufAllocator alloc) {
        for (int i = 0; i < BUFFERS; i++) {
            int slot = (next + i) % BUFFERS;
            ByteBuf b = buffers[slot];
            if (b == null) {
                b = Unpooled.directBuffer(size, size);
                buffers[slot] = b;
            }
            if (b.refCnt() == 1) {
                next = (slot + 1) % BUFFERS;
                return b.retainedDuplicate().clear();
            }
        }
        return alloc.directBuffer(size, size);
    }

    /** Drops this object's references; views still in use keep their memory until they are released. */
    void release() {
        for (int i = 0; i < BUFFERS; i++) {
            if (buffers[i] != null) {
                buffers[i].release();
                buffers[i] = null;
            }
        }
    }
}
