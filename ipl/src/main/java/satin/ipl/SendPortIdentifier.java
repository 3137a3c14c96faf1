package satin.ipl;

import java.util.Objects;

/** Names a send port: its node plus the port name. Every {@link ReadMessage} says which one sent it. */
public record SendPortIdentifier(NodeIdentifier node, String name) {
    public SendPortIdentifier {
        Objects.requireNonNull(node);
        Objects.requireNonNull(name);
    }

    @Override
    public String toString() {
        return name + "@" + node;
    }
}
