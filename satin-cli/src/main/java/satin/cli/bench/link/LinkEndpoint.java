package satin.cli.bench.link;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import satin.ipl.DirectUpcall;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;

/**
 * One end of an IPL echo pair whose two ends are separate processes (for a link between network namespaces): the
 * server answers echo messages and acknowledges the last message of a stream; the client measures. They find each
 * other through the pool's registry by election ("link-server", "link-client") and connect to each other's ports by
 * name. Messages are {@code byte kind, int length, payload}, as in {@code satin bench ipl}.
 */
final class LinkEndpoint implements AutoCloseable {

    static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE, PortCapability.FIFO,
            PortCapability.EXPLICIT_RECEIPT, PortCapability.UPCALLS, PortCapability.SERIALIZATION_DATA);
    private static final byte ECHO = 0;
    private static final byte STREAM = 2;
    private static final byte STREAM_LAST = 3;
    /** The server's first message: its reply port is connected, so the client may start. */
    private static final byte READY = 4;
    private static final long WAIT_MILLIS = 120_000;

    private final Node node;
    private final SendPort out;
    private final ReceivePort in;

    private LinkEndpoint(Node node, SendPort out, ReceivePort in) {
        this.node = node;
        this.out = out;
        this.in = in;
    }

    /**
     * The node's configuration: {@code implementation} bound to {@code bind}, in the pool of the registry at
     * {@code registry}; encrypted with the pool secret in {@code secret} (every connection: TLS for tcp, AEAD for
     * udp), or plain (no secret, no encryption) when it is null; with {@code delayTopology} (a WAN topology file) each
     * message also waits its one-way delay in the IPL's WAN emulation stacked on the transport. The node's cluster
     * is {@code cluster} (the emulation delays messages between different clusters).
     */
    static IplConfig config(String implementation, String bind, String registry, Path secret, String pool,
            Path delayTopology, String cluster) {
        IplConfig.Builder builder = IplConfig.builder()
                .set(IplProperties.IMPLEMENTATION, implementation)
                .set(IplProperties.REGISTRY_ADDRESS, registry)
                .set(IplProperties.POOL_NAME, pool)
                .set(IplProperties.BIND_ADDRESS, bind)
                .set(IplProperties.LOCATION, "link@" + cluster);
        if (delayTopology != null) { // the one-way delay, added by the IPL's WAN emulation over the real transport
            builder.set(IplProperties.IMPLEMENTATION, "wan")
                    .set(satin.ipl.wan.WanProvider.INNER, implementation)
                    .set(satin.ipl.wan.WanProvider.TOPOLOGY, delayTopology.toString());
        }
        if (secret == null) {
            builder.set(IplProperties.INSECURE, "true");
        } else {
            builder.set(IplProperties.SECRET_FILE, secret.toString()).set(IplProperties.ENCRYPT, "all");
        }
        return builder.build();
    }

    /** The echo server: answers until the pool terminates. */
    static void serve(IplConfig config) throws Exception {
        Node node = satin.ipl.start.Ipl.node(config).portTypes(TYPE).start();
        try (node) {
            SendPort pong = node.createSendPort(TYPE, "pong");
            node.createReceivePort(TYPE, "in", (DirectUpcall) m -> answer(m, pong));
            node.registry().elect("link-server");
            NodeIdentifier client = node.registry().getElectionResult("link-client", WAIT_MILLIS);
            if (client == null) {
                throw new IOException("no client joined the pool within " + WAIT_MILLIS / 1000 + " s");
            }
            pong.connect(new ReceivePortIdentifier(client, "back"));
            reply(pong, READY, new byte[0]); // before this, an echo could find no reply port
            node.registry().waitUntilTerminated(Long.MAX_VALUE);
        }
    }

    private static void answer(ReadMessage m, SendPort pong) throws IOException {
        byte kind = m.readByte();
        int length = m.readInt();
        if (kind == ECHO) {
            byte[] data = new byte[length];
            m.readArray(data);
            m.finish();
            reply(pong, kind, data);
            return;
        }
        ByteBuffer data = m.readSlice(length);
        if (data.remaining() != length) {
            throw new IOException("short stream message");
        }
        m.finish();
        if (kind == STREAM_LAST) {
            reply(pong, kind, new byte[0]);
        }
    }

    private static void reply(SendPort port, byte kind, byte[] payload) throws IOException {
        WriteMessage w = port.newMessage();
        w.writeByte(kind);
        w.writeInt(payload.length);
        w.writeArray(payload);
        w.finish();
    }

    /** The measuring client, connected both ways to the server of the same pool. */
    static LinkEndpoint client(IplConfig config) throws Exception {
        Node node = satin.ipl.start.Ipl.node(config).portTypes(TYPE).start();
        try {
            ReceivePort back = node.createReceivePort(TYPE, "back");
            node.registry().elect("link-client");
            NodeIdentifier server = node.registry().getElectionResult("link-server", WAIT_MILLIS);
            if (server == null) {
                throw new IOException("no server in the pool within " + WAIT_MILLIS / 1000 + " s");
            }
            SendPort ping = node.createSendPort(TYPE, "ping");
            ping.connect(new ReceivePortIdentifier(server, "in"));
            back.receive(WAIT_MILLIS).finish(); // READY: the server's reply port is connected
            return new LinkEndpoint(node, ping, back);
        } catch (Exception e) {
            node.close();
            throw e;
        }
    }

    /** Sends {@code payload} and waits for it to come back. */
    void roundTrip(byte[] payload) throws IOException {
        reply(out, ECHO, payload);
        ReadMessage r = in.receive(WAIT_MILLIS);
        r.readByte();
        byte[] data = new byte[r.readInt()];
        r.readArray(data);
        r.finish();
    }

    /**
     * Sends {@code count} echoes of {@code payload} before it waits for their answers: the small-message path runs
     * as often as a serial round trip would make it, in about one round trip.
     */
    void pipelinedRoundTrips(byte[] payload, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            reply(out, ECHO, payload);
        }
        for (int i = 0; i < count; i++) {
            ReadMessage r = in.receive(WAIT_MILLIS);
            r.readByte();
            r.readArray(new byte[r.readInt()]);
            r.finish();
        }
    }

    /** Streams {@code count} messages one way and waits for the server's acknowledgement of the last. */
    void stream(byte[] payload, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            reply(out, i == count - 1 ? STREAM_LAST : STREAM, payload);
        }
        in.receive(WAIT_MILLIS).finish();
    }

    /** Ends the pool (the server returns) and leaves it. */
    @Override
    public void close() throws IOException {
        try {
            node.registry().terminate();
        } finally {
            node.close();
        }
    }
}
