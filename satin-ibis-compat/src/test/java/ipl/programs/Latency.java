package ipl.programs;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisFactory;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.PortType;
import ibis.ipl.ReadMessage;
import ibis.ipl.ReceivePort;
import ibis.ipl.SendPort;
import ibis.ipl.WriteMessage;
import ibis.util.Timer;

/**
 * Round trips: the client sends a byte, the server (explicit receive) echoes it; N round trips are timed with an
 * ibis.util.Timer. Arguments: the number of round trips (default 1000).
 */
public class Latency {
    static PortType type = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_BYTE,
            PortType.RECEIVE_EXPLICIT, PortType.CONNECTION_ONE_TO_ONE);

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        Ibis ibis = IbisFactory.createIbis(new IbisCapabilities(IbisCapabilities.ELECTIONS_STRICT), null, type);
        IbisIdentifier server = ibis.registry().elect("latency server");
        boolean isServer = server.equals(ibis.identifier());
        ReceivePort rport = ibis.createReceivePort(type, isServer ? "server-in" : "client-in");
        rport.enableConnections();
        SendPort sport = ibis.createSendPort(type);
        if (isServer) {
            ReadMessage hello = rport.receive();
            IbisIdentifier client = hello.origin().ibisIdentifier();
            hello.finish();
            sport.connect(client, "client-in");
            for (int i = 0; i < count; i++) {
                ReadMessage r = rport.receive();
                byte b = r.readByte();
                r.finish();
                WriteMessage w = sport.newMessage();
                w.writeByte(b);
                w.finish();
            }
            System.out.println("server echoed " + count + " messages");
        } else {
            sport.connect(server, "server-in");
            WriteMessage hello = sport.newMessage();
            hello.finish();
            Timer timer = Timer.createTimer();
            for (int i = 0; i < count; i++) {
                timer.start();
                WriteMessage w = sport.newMessage();
                w.writeByte((byte) i);
                w.finish();
                ReadMessage r = rport.receive();
                byte b = r.readByte();
                r.finish();
                timer.stop();
                if (b != (byte) i) {
                    throw new Error("round trip " + i + " came back as " + b);
                }
            }
            System.out.println("client: " + timer.nrTimes() + " round trips, average " + timer.averageTime().trim());
        }
        sport.close();
        rport.close();
        ibis.end();
    }
}
