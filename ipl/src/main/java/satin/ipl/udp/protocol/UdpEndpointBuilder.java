package satin.ipl.udp.protocol;

import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** The options of a {@link UdpEndpoint}, and its opening ({@link #open}); from {@link UdpEndpoint#builder}. */
public final class UdpEndpointBuilder {
    final EndpointListener listener;
    ProtocolConfig config = ProtocolConfig.defaults();
    InetSocketAddress bindAddress = new InetSocketAddress("127.0.0.1", 0);
    EventLoopGroup group;
    final List<Supplier<ChannelHandler>> outboundFilters = new ArrayList<>();
    int headLength;
    DatagramGuard guard;

    UdpEndpointBuilder(EndpointListener listener) {
        this.listener = listener;
    }

    public UdpEndpointBuilder config(ProtocolConfig c) {
        this.config = c;
        return this;
    }

    public UdpEndpointBuilder bind(InetSocketAddress address) {
        this.bindAddress = address;
        return this;
    }

    /** Shares an event-loop group (not shut down by {@link UdpEndpoint#close}); by default the endpoint owns one. */
    public UdpEndpointBuilder group(EventLoopGroup g) {
        this.group = g;
        return this;
    }

    /** Adds an outbound pipeline handler in front of the socket, e.g. a fault injector. */
    public UdpEndpointBuilder outboundFilter(Supplier<ChannelHandler> handler) {
        outboundFilters.add(handler);
        return this;
    }

    /**
     * Delivers the first {@code bytes} of every reliable message apart from the rest, through
     * {@link EndpointListener#onMessage(InetSocketAddress, byte[], byte[])}: for an upper layer with a fixed
     * header, whose data then arrives as an exact array.
     */
    public UdpEndpointBuilder splitHead(int bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("head length must not be negative: " + bytes);
        }
        this.headLength = bytes;
        return this;
    }

    /** Seals and opens every datagram with this guard (a pool's security); by default datagrams are plain. */
    public UdpEndpointBuilder guard(DatagramGuard g) {
        this.guard = g;
        return this;
    }

    public UdpEndpoint open() throws IOException {
        return new UdpEndpoint(this);
    }
}
