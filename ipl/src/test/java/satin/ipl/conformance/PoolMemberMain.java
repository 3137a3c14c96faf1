package satin.ipl.conformance;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;
import satin.ipl.Node;
import satin.ipl.NodeIdentifier;
import satin.ipl.PoolCapability;
import satin.ipl.PortType;
import satin.ipl.ReadMessage;
import satin.ipl.ReceivePort;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.RegistryEventHandler;
import satin.ipl.SendPort;
import satin.ipl.WriteMessage;
import satin.ipl.start.Ipl;

import static satin.ipl.PortCapability.*;

/**
 * One pool member in its own JVM, driven by {@link MultiProcessConformanceTest}. Prints what it sees,
 * one line each (EVENT, SELF, CLOSED, MASTER, GOT), and leaves when it reads "quit" on stdin.
 * Arguments: registry-address implementation pool size heartbeat-timeout-ms location secret-file.
 */
public final class PoolMemberMain {
    static final PortType TYPE = PortType.of(MANY_TO_ONE, RELIABLE, FIFO, EXPLICIT_RECEIPT, SERIALIZATION_OBJECT);

    private PoolMemberMain() {
    }

    public static void main(String[] args) throws Exception {
        IplConfig config = IplConfig.builder()
                .set(IplProperties.REGISTRY_ADDRESS, args[0])
                .set(IplProperties.IMPLEMENTATION, args[1])
                .set(IplProperties.POOL_NAME, args[2])
                .set(IplProperties.POOL_SIZE, args[3])
                .set(IplProperties.HEARTBEAT_INTERVAL_MS, Long.parseLong(args[4]) / 5)
                .set(IplProperties.HEARTBEAT_TIMEOUT_MS, args[4])
                .set(IplProperties.LOCATION, args[5])
                .set(IplProperties.SECRET_FILE, args[6])
                .set(IplProperties.BIND_ADDRESS, "127.0.0.1")
                .build();
        RegistryEventHandler printer = new RegistryEventHandler() {
            @Override
            public void joined(NodeIdentifier n) {
                say("EVENT JOINED " + n.id());
            }

            @Override
            public void left(NodeIdentifier n) {
                say("EVENT LEFT " + n.id());
            }

            @Override
            public void died(NodeIdentifier n) {
                say("EVENT DIED " + n.id());
            }

            @Override
            public void registryLost(Throwable cause) {
                say("LOST " + cause.getMessage());
            }
        };
        try (Node node = Ipl.node(config).portTypes(TYPE)
                .poolCapabilities(PoolCapability.MEMBERSHIP_EVENTS, PoolCapability.ELECTIONS, PoolCapability.CLOSED_WORLD)
                .eventHandler(printer).start()) {
            say("SELF " + node.identifier().id());
            ReceivePort in = node.createReceivePort(TYPE, "in");
            if (!node.registry().waitUntilPoolClosed(60_000)) {
                say("FAIL pool not closed");
                return;
            }
            say("CLOSED");
            NodeIdentifier master = node.registry().elect("master");
            say("MASTER " + master.id());
            SendPort out = node.createSendPort(TYPE, "out");
            out.connect(new ReceivePortIdentifier(master, "in"));
            WriteMessage w = out.newMessage();
            w.writeObject(in.identifier());
            w.finish();
            if (master.equals(node.identifier())) {
                for (int i = 0; i < node.registry().closedPoolSize(); i++) {
                    ReadMessage r = in.receive(60_000);
                    ReceivePortIdentifier from = (ReceivePortIdentifier) r.readObject();
                    r.finish();
                    if (!from.node().equals(r.origin().node())) {
                        say("FAIL origin mismatch");
                    }
                }
                say("GOT " + node.registry().closedPoolSize());
            }
            BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = stdin.readLine()) != null && !line.equals("quit")) {
                // wait for the test to say quit (or to kill this process)
            }
        }
        say("BYE");
    }

    private static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
