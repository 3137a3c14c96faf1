package satin.ipl.udp;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import satin.ipl.IplException;

/** The contact address a udp node publishes: {@code host:port} in UTF-8 (IPv6 hosts in brackets). */
final class UdpAddress {
    private UdpAddress() {}

    static byte[] encode(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (h + ":" + port).getBytes(StandardCharsets.UTF_8);
    }

    static InetSocketAddress decode(byte[] address) throws IplException {
        String text = new String(address, StandardCharsets.UTF_8);
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new IplException("udp address '" + text + "' is not host:port");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1));
            return new InetSocketAddress(host, port);
        } catch (IllegalArgumentException e) {
            throw new IplException("udp address '" + text + "' is not host:port: " + e.getMessage());
        }
    }
}
