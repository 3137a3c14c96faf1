package satin.runtime.node;

import java.io.IOException;
import java.util.List;
import satin.ipl.IplException;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortType;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;

/**
 * One send port per other node, connected to that node's receive port when the run starts. A peer may not have
 * created its receive port yet when the pool closes, so connecting retries until the run's timeout.
 * Messages to one peer are written one at a time (the port's lock), from any thread.
 */
final class Peers implements AutoCloseable {

    /** What a message carries after its tag. */
    @FunctionalInterface
    interface Body {
        void write(WriteMessage m) throws IOException;
    }

    static final String RECEIVE_PORT = "satin";
    /** One connection attempt's limit: a lost handshake (udp) is retried rather than waited out. */
    private static final long ATTEMPT_MILLIS = 5_000;

    private final Node node;
    private final PortType type;
    private final List<NodeIdentifier> members;
    private final SendPort[] ports;
    private final long timeoutMillis;

    Peers(Node node, PortType type, List<NodeIdentifier> members, long timeoutMillis) {
        this.node = node;
        this.type = type;
        this.members = members;
        this.ports = new SendPort[members.size()];
        this.timeoutMillis = timeoutMillis;
    }

    /** Sends one message to node {@code peer}; returns its size in bytes. */
    long send(int peer, byte tag, Body body) throws IOException {
        SendPort port = port(peer);
        synchronized (port) {
            WriteMessage m = port.newMessage();
            m.writeByte(tag);
            body.write(m);
            return m.finish();
        }
    }

    /** Connects to every other node now, so that no connection is first made inside a message handler. */
    void connectAll(int self) throws IOException {
        for (int i = 0; i < ports.length; i++) {
            if (i != self) {
                port(i);
            }
        }
    }

    private SendPort port(int peer) throws IOException {
        synchronized (ports) {
            if (ports[peer] == null) {
                ports[peer] = connect(peer);
            }
            return ports[peer];
        }
    }

    private SendPort connect(int peer) throws IOException {
        NodeIdentifier target = members.get(peer);
        SendPort port = node.createSendPort(type, "to-" + peer);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            try {
                port.connect(new ReceivePortIdentifier(target, RECEIVE_PORT),
                        Math.min(ATTEMPT_MILLIS, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
                return port;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    port.close();
                    throw new IplException("cannot connect to node " + target.location() + " within "
                            + timeoutMillis + " ms: " + e.getMessage(), e);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IplException("interrupted connecting to " + target.location(), ie);
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (ports) {
            for (SendPort p : ports) {
                if (p != null) {
                    try {
                        p.close();
                    } catch (IOException ignored) {
                        // leaving anyway
                    }
                }
            }
        }
    }
}
