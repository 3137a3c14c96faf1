package satin.ipl.udp.protocol;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/** Test listener that records reliable messages in arrival order. */
final class Collector implements EndpointListener {
    final List<byte[]> messages = new ArrayList<>();
    final List<byte[]> datagrams = new ArrayList<>();

    @Override
    public synchronized void onMessage(InetSocketAddress from, byte[] message) {
        messages.add(message);
    }

    @Override
    public synchronized void onDatagram(InetSocketAddress from, byte[] payload) {
        datagrams.add(payload);
    }

    synchronized List<byte[]> messages() {
        return new ArrayList<>(messages);
    }

    synchronized int datagramCount() {
        return datagrams.size();
    }
}
