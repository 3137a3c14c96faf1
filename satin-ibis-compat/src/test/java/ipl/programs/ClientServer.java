package ipl.programs;

import java.io.IOException;
import java.util.ArrayList;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisFactory;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.MessageUpcall;
import ibis.ipl.PortType;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePort;
import ibis.ipl.ReceivePortIdentifier;
import ibis.ipl.SendPort;
import ibis.ipl.WriteMessage;

/**
 * A server with an upcall answers every client's requests (a list of numbers to add up); each client sends its own
 * reply port's identifier in the request, as an object, and takes the answers by explicit receive.
 */
public class ClientServer implements MessageUpcall {
    static final PortType REQUEST = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.COMMUNICATION_FIFO,
            PortType.SERIALIZATION_OBJECT, PortType.RECEIVE_AUTO_UPCALLS, PortType.CONNECTION_MANY_TO_ONE);
    static final PortType REPLY = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_OBJECT,
            PortType.RECEIVE_EXPLICIT, PortType.RECEIVE_TIMEOUT, PortType.CONNECTION_ONE_TO_ONE);
    static final int REQUESTS = 20;

    private Ibis ibis;
    private int served;
    private final java.util.Map<ReceivePortIdentifier, SendPort> replyPorts = new java.util.HashMap<>();

    public void upcall(ReadMessage m) throws IOException, ClassNotFoundException {
        ReceivePortIdentifier client = (ReceivePortIdentifier) m.readObject();
        @SuppressWarnings("unchecked")
        ArrayList<Integer> numbers = (ArrayList<Integer>) m.readObject();
        m.finish();
        long sum = 0;
        for (int n : numbers) {
            sum += n;
        }
        SendPort s;
        synchronized (this) {
            s = replyPorts.get(client);
            if (s == null) {
                s = ibis.createSendPort(REPLY);
                s.connect(client);
                replyPorts.put(client, s);
            }
        }
        WriteMessage w = s.newMessage();
        w.writeLong(sum);
        w.finish();
        synchronized (this) {
            served++;
            notifyAll();
        }
    }

    void run() throws Exception {
        IbisCapabilities caps = new IbisCapabilities(IbisCapabilities.ELECTIONS_STRICT, IbisCapabilities.CLOSED_WORLD);
        ibis = IbisFactory.createIbis(caps, null, REQUEST, REPLY);
        ibis.registry().waitUntilPoolClosed();
        int clients = ibis.registry().getPoolSize() - 1;
        IbisIdentifier server = ibis.registry().elect("server");
        if (server.equals(ibis.identifier())) {
            ReceivePort rp = ibis.createReceivePort(REQUEST, "requests", this);
            rp.enableConnections();
            rp.enableMessageUpcalls();
            synchronized (this) {
                while (served < clients * REQUESTS) {
                    wait();
                }
            }
            for (SendPort s : replyPorts.values()) {
                s.close();
            }
            rp.close();
            System.out.println("server answered " + served + " requests");
        } else {
            ReceivePort replies = ibis.createReceivePort(REPLY, "replies-" + ibis.identifier().name());
            replies.enableConnections();
            SendPort out = ibis.createSendPort(REQUEST);
            out.connect(server, "requests");
            long total = 0;
            for (int i = 0; i < REQUESTS; i++) {
                ArrayList<Integer> numbers = new ArrayList<Integer>();
                for (int j = 0; j <= i; j++) {
                    numbers.add(j);
                }
                WriteMessage w = out.newMessage();
                w.writeObject(replies.identifier());
                w.writeObject(numbers);
                w.finish();
                ReadMessage r = replies.receive(30000);
                long sum = r.readLong();
                r.finish();
                if (sum != (long) i * (i + 1) / 2) {
                    throw new Error("request " + i + ": got " + sum);
                }
                total += sum;
            }
            out.close();
            replies.close();
            System.out.println("client got all " + REQUESTS + " answers, total " + total);
        }
        ibis.end();
    }

    public static void main(String[] args) throws Exception {
        new ClientServer().run();
    }
}
