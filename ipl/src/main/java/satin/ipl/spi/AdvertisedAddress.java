package satin.ipl.spi;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collections;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;

/**
 * The host a node publishes for others to reach it. Multi-homed machines must be able to choose it
 * ({@code ipl.advertised.address}); otherwise the bound address, unless that is a wildcard, in which case the
 * first IPv4 address of an interface that is up (not loopback, not link-local), else loopback.
 */
public final class AdvertisedAddress {

    private AdvertisedAddress() {
    }

    public static String host(IplConfig config, InetAddress bound) {
        String configured = config.get(IplProperties.ADVERTISED_ADDRESS).trim();
        if (!configured.isEmpty()) {
            return configured;
        }
        if (!bound.isAnyLocalAddress()) {
            return bound.getHostAddress();
        }
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!ni.isUp() || ni.isLoopback()) {
                    continue;
                }
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        } catch (SocketException e) {
            // No interface list: loopback is still reachable from this machine.
        }
        return InetAddress.getLoopbackAddress().getHostAddress();
    }
}
