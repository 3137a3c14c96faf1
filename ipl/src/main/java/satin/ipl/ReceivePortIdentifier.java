package satin.ipl;

import java.util.Objects;

/**
 * Names a receive port globally: the node it lives on plus the port name. It is a plain value that can
 * be written into a message ({@link WriteMessage#writeObject} on object ports, which register it by
 * default) so a node can tell another where to reply.
 */
public record ReceivePortIdentifier(NodeIdentifier node, String name) {
    public ReceivePortIdentifier {
        Objects.requireNonNull(node);
        Objects.requireNonNull(name);
    }

    @Override
    public String toString() {
        return name + "@" + node;
    }
}
