package satin.cli.bench.ipl;

import java.io.IOException;
import java.nio.ByteBuffer;

import satin.ipl.DirectUpcall;
import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.PortCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.registry.RegistryServer;
import satin.ipl.security.EncryptionPolicy;
import satin.ipl.security.PoolSecret;
import satin.ipl.security.PoolSecurity;
import satin.ipl.start.Ipl;

/**
 * Two IPL nodes of one implementation in this JVM, joined through an embedded registry server, with an
 * echo upcall on the second. Messages are {@code byte kind, int length, payload}.
 */
final class IplEcho implements EchoPair {
    private static final PortType TYPE = PortType.of(PortCapability.ONE_TO_ONE, PortCapability.RELIABLE,
            PortCapability.FIFO, PortCapability.EXPLICIT_RECEIPT, PortCapability.UPCALLS,
            PortCapability.SERIALIZATION_DATA);
    private static final byte ECHO_BYTES = 0;
    private static final byte ECHO_INTS = 1;
    private static final byte STREAM = 2;
    private static final byte STREAM_LAST = 3;

    private final RegistryServer registry;
    private final Node a;
    private final Node b;
    private final SendPort ping;
    private final SendPort pong;
    private final ReceivePort back;

    /**
     * @param direct the echo server answers from the transport's thread ({@link DirectUpcall}, like the
     *     baseline's handler) rather than from its port's upcall thread (one hand-off more each way)
     */
    IplEcho(String implementation, java.util.Map<String, String> extra, boolean direct) throws Exception {
        String secret = extra.getOrDefault(IplProperties.SECRET_FILE, "");
        registry = new RegistryServer("127.0.0.1", 0).security(secret.isEmpty() ? PoolSecurity.insecure()
                : PoolSecurity.of(PoolSecret.read(java.nio.file.Path.of(secret)), EncryptionPolicy.ALL)).start();
        IplConfig.Builder builder = IplConfig.builder();
        if (secret.isEmpty()) {
            builder.set(IplProperties.INSECURE, "true"); // the plain variants: no authentication, no encryption
        }
        IplConfig config = builder
                .set(IplProperties.IMPLEMENTATION, implementation)
                .set(IplProperties.REGISTRY_ADDRESS, registry.address())
                .set(IplProperties.POOL_NAME, "bench-" + implementation)
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1")
                .setAll(extra)
                .build();
        a = Ipl.node(config).portTypes(TYPE).start();
        b = Ipl.node(config).portTypes(TYPE).start();
        back = a.createReceivePort(TYPE, "back");
        pong = b.createSendPort(TYPE, "pong");
        ReceivePort in = b.createReceivePort(TYPE, "in", direct ? (DirectUpcall) this::serve : this::serve);
        pong.connect(back.identifier());
        ping = a.createSendPort(TYPE, "ping");
        ping.connect(in.identifier());
    }

    /**
     * The echo server, answering from the transport's thread as the baseline's handler does (the client
     * side takes replies with an explicit receive, as the baseline's client takes them from a queue).
     */
    private void serve(ReadMessage m) throws IOException {
        byte kind = m.readByte();
        int length = m.readInt();
        if (kind == ECHO_INTS) {
            int[] data = new int[length];
            m.readArray(data);
            m.finish();
            reply(pong, kind, length, w -> w.writeArray(data));
        } else if (kind == ECHO_BYTES) {
            byte[] data = new byte[length];
            m.readArray(data);
            m.finish();
            reply(pong, kind, length, w -> w.writeArray(data));
        } else {
            // a stream receiver sees its data where it arrived, as the baseline's handler does
            ByteBuffer data = m.readSlice(length);
            if (data.remaining() != length) {
                throw new IOException("short stream message");
            }
            m.finish();
            if (kind == STREAM_LAST) {
                reply(pong, kind, 0, w -> { });
            }
        }
    }

    /** Writes the body of a reply. */
    private interface Body {
        void write(WriteMessage w) throws IOException;
    }

    private static void reply(SendPort pong, byte kind, int length, Body body) throws IOException {
        WriteMessage w = pong.newMessage();
        w.writeByte(kind);
        w.writeInt(length);
        body.write(w);
        w.finish();
    }

    private void send(byte kind, byte[] payload) throws IOException {
        WriteMessage w = ping.newMessage();
        w.writeByte(kind);
        w.writeInt(payload.length);
        w.writeArray(payload);
        w.finish();
    }

    @Override
    public void roundTrip(byte[] payload) throws IOException {
        send(ECHO_BYTES, payload);
        ReadMessage r = back.receive(60_000);
        r.readByte();
        byte[] data = new byte[r.readInt()];
        r.readArray(data);
        r.finish();
    }

    @Override
    public void roundTripInts(int[] payload) throws IOException {
        WriteMessage w = ping.newMessage();
        w.writeByte(ECHO_INTS);
        w.writeInt(payload.length);
        w.writeArray(payload);
        w.finish();
        ReadMessage r = back.receive(60_000);
        r.readByte();
        int[] data = new int[r.readInt()];
        r.readArray(data);
        r.finish();
    }

    @Override
    public void stream(byte[] payload, int count) throws IOException {
        for (int i = 0; i < count; i++) {
            send(i == count - 1 ? STREAM_LAST : STREAM, payload);
        }
        back.receive(120_000).finish();
    }

    @Override
    public void close() throws IOException {
        a.close();
        b.close();
        registry.stop();
    }
}
