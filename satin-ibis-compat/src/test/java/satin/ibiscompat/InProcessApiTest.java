package satin.ibiscompat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import ibis.ipl.ConnectionRefusedException;
import ibis.ipl.ConnectionTimedOutException;
import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisConfigurationException;
import ibis.ipl.IbisCreationFailedException;
import ibis.ipl.IbisFactory;
import ibis.ipl.PortMismatchException;
import ibis.ipl.PortType;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePort;
import ibis.ipl.ReceivePortConnectUpcall;
import ibis.ipl.ReceiveTimedOutException;
import ibis.ipl.SendPort;
import ibis.ipl.SendPortIdentifier;
import ibis.ipl.WriteMessage;

/**
 * The API's meaning on two instances of one JVM (the in-process pool, no registry address): what the multi-JVM
 * programs do not show, such as ports that are created disabled, upcalls that finish their message and block, the
 * errors the API names.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class InProcessApiTest {
    static final PortType DATA = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_DATA,
            PortType.RECEIVE_EXPLICIT, PortType.RECEIVE_TIMEOUT, PortType.CONNECTION_MANY_TO_ONE,
            PortType.CONNECTION_UPCALLS, PortType.COMMUNICATION_NUMBERED);
    static final PortType OBJECTS = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_OBJECT,
            PortType.RECEIVE_AUTO_UPCALLS, PortType.CONNECTION_MANY_TO_ONE, PortType.COMMUNICATION_FIFO);
    static final PortType BYTES = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_BYTE,
            PortType.RECEIVE_EXPLICIT, PortType.CONNECTION_ONE_TO_ONE);
    private static final AtomicInteger POOLS = new AtomicInteger();

    private Ibis a;
    private Ibis b;

    /** Two instances of a fresh in-process pool. */
    private void start() throws IbisCreationFailedException {
        Properties p = new Properties();
        p.setProperty("ibis.pool.name", "in-process-" + POOLS.incrementAndGet());
        IbisCapabilities caps = new IbisCapabilities(IbisCapabilities.ELECTIONS_STRICT);
        a = IbisFactory.createIbis(caps, p, false, null, DATA, OBJECTS, BYTES);
        b = IbisFactory.createIbis(caps, p, false, null, DATA, OBJECTS, BYTES);
    }

    @AfterEach
    void end() throws IOException {
        if (a != null) {
            a.end();
        }
        if (b != null) {
            b.end();
        }
    }

    /** A program class, package-private fields, travelling by writeObject. */
    static final class Board implements Serializable {
        private static final long serialVersionUID = 1L;
        final int[][] cells;
        final String name;

        Board(String name, int[][] cells) {
            this.name = name;
            this.cells = cells;
        }
    }

    @Test
    void connectWaitsForAPortThatIsCreatedAndEnabledLater() throws Exception {
        start();
        SendPort out = a.createSendPort(DATA);
        CompletableFuture<Void> connected = CompletableFuture.runAsync(() -> {
            try {
                out.connect(b.identifier(), "late");
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        ReceivePort in = b.createReceivePort(DATA, "late");
        assertFalse(connected.isDone(), "a port takes connections only after enableConnections()");
        in.enableConnections();
        connected.get(20, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
            WriteMessage w = out.newMessage();
            w.writeInt(i);
            w.writeString(i == 1 ? null : "m" + i);
            w.writeArray(new long[] {i, -i});
            w.finish();
        }
        for (int i = 0; i < 3; i++) {
            ReadMessage r = in.receive(10_000);
            assertEquals(ReadMessage.INITIAL_SEQNO + i, r.sequenceNumber());
            assertEquals(i, r.readInt());
            assertEquals(i == 1 ? null : "m" + i, r.readString());
            long[] pair = new long[2];
            r.readArray(pair);
            assertArrayEquals(new long[] {i, -i}, pair);
            assertEquals(out.identifier(), r.origin());
            r.finish();
        }
        assertThrows(ReceiveTimedOutException.class, () -> in.receive(50));
        out.close();
        in.close();
    }

    @Test
    void theApiNamesItsErrors() throws Exception {
        start();
        SendPort out = a.createSendPort(DATA);
        ConnectionTimedOutException never = assertThrows(ConnectionTimedOutException.class,
                () -> out.connect(b.identifier(), "never", 300, false));
        assertEquals("never", never.receivePortName());
        ReceivePort bytes = b.createReceivePort(BYTES, "bytes");
        bytes.enableConnections();
        assertThrows(PortMismatchException.class, () -> out.connect(b.identifier(), "bytes", 5000, false));
        PortType undeclared = new PortType(PortType.SERIALIZATION_DATA, PortType.RECEIVE_EXPLICIT);
        assertThrows(IbisConfigurationException.class, () -> a.createSendPort(undeclared));
        SendPort raw = a.createSendPort(BYTES);
        raw.connect(bytes.identifier());
        WriteMessage w = raw.newMessage();
        IOException level = assertThrows(IOException.class, () -> w.writeInt(1));
        assertTrue(level.getMessage().contains("byte serialization only"), level.getMessage());
        w.writeByte((byte) 7);
        w.writeArray(new byte[] {1, 2, 3});
        w.finish();
        ReadMessage r = bytes.receive();
        assertEquals(7, r.readByte());
        byte[] three = new byte[3];
        r.readArray(three);
        assertArrayEquals(new byte[] {1, 2, 3}, three);
        assertEquals(4, r.finish());
        assertThrows(IbisConfigurationException.class, () -> a.registry().getPoolSize());
        raw.close();
        out.close();
    }

    @Test
    void aMessageOnAPortWithoutConnectionsIsDropped() throws Exception {
        start();
        SendPort out = a.createSendPort(DATA);
        WriteMessage w = out.newMessage();
        w.writeInt(5);
        assertEquals(8 + 4, w.finish(), "the sequence number of a numbered port, then the int");
        out.close();
    }

    @Test
    void aConnectUpcallMayRefuseASender() throws Exception {
        start();
        List<SendPortIdentifier> asked = new CopyOnWriteArrayList<>();
        ReceivePort in = b.createReceivePort(DATA, "picky", new ReceivePortConnectUpcall() {
            public boolean gotConnection(ReceivePort receiver, SendPortIdentifier applicant) {
                asked.add(applicant);
                return applicant.name().equals("welcome");
            }

            public void lostConnection(ReceivePort receiver, SendPortIdentifier origin, Throwable cause) {
            }
        });
        in.enableConnections();
        SendPort refused = a.createSendPort(DATA, "unwelcome");
        assertThrows(ConnectionRefusedException.class, () -> refused.connect(in.identifier()));
        SendPort welcome = a.createSendPort(DATA, "welcome");
        welcome.connect(in.identifier());
        assertEquals(List.of(refused.identifier(), welcome.identifier()), asked);
        assertArrayEquals(new SendPortIdentifier[] {welcome.identifier()}, in.connectedTo());
        welcome.close();
        refused.close();
        in.close();
    }

    @Test
    void upcallsWaitForEnableAndAFinishedUpcallMayBlockWhileTheNextRuns() throws Exception {
        start();
        CountDownLatch secondArrived = new CountDownLatch(1);
        List<Object> seen = new CopyOnWriteArrayList<>();
        ReceivePort in = b.createReceivePort(OBJECTS, "objects", m -> {
            Object o = m.readObject();
            int[] numbers = new int[3];
            m.readArray(numbers);
            seen.add(o);
            boolean first = seen.size() == 1;
            m.finish();
            if (first) {
                // finished: may block until the next message's upcall has run
                try {
                    assertTrue(secondArrived.await(20, TimeUnit.SECONDS), "the next upcall ran meanwhile");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else {
                secondArrived.countDown();
            }
        });
        in.enableConnections();
        SendPort out = a.createSendPort(OBJECTS);
        out.connect(in.identifier());
        Board board = new Board("first", new int[][] {{1, 2}, {3}});
        for (int i = 0; i < 2; i++) {
            WriteMessage w = out.newMessage();
            w.writeObject(i == 0 ? board : "second");
            w.writeArray(new int[] {i, i, i});
            w.finish();
        }
        assertTrue(seen.isEmpty(), "no upcall before enableMessageUpcalls()");
        in.enableMessageUpcalls();
        assertTrue(secondArrived.await(20, TimeUnit.SECONDS));
        Board got = (Board) seen.get(0);
        assertEquals("first", got.name);
        assertArrayEquals(new int[] {3}, got.cells[1]);
        assertEquals("second", seen.get(1));
        out.close();
        in.close();
    }

    @Test
    void anArrayWrittenWithWriteArrayIsReadByReadObjectOnObjectPorts() throws Exception {
        start();
        PortType explicit = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_OBJECT,
                PortType.RECEIVE_EXPLICIT, PortType.CONNECTION_ONE_TO_ONE);
        Properties p = new Properties();
        p.setProperty("ibis.pool.name", "in-process-" + POOLS.incrementAndGet());
        Ibis c = IbisFactory.createIbis(new IbisCapabilities(), p, false, null, explicit);
        try {
            ReceivePort in = c.createReceivePort(explicit, "in");
            in.enableConnections();
            SendPort out = c.createSendPort(explicit);
            out.connect(in.identifier());
            WriteMessage w = out.newMessage();
            w.writeArray(new double[] {1.5, 2.5});
            w.writeObject(in.identifier());
            w.writeInt(9);
            w.finish();
            ReadMessage r = in.receive();
            assertArrayEquals(new double[] {1.5, 2.5}, (double[]) r.readObject());
            assertEquals(in.identifier(), r.readObject());
            assertEquals(9, r.readInt());
            r.finish();
            assertNull(in.poll());
            out.close();
            in.close();
        } finally {
            c.end();
        }
    }
}
