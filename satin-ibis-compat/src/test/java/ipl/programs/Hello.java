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

/** The classic: two instances elect a server, the other one says hello over a one-to-one port pair. */
public class Hello {

    PortType portType = new PortType(PortType.COMMUNICATION_RELIABLE,
            PortType.SERIALIZATION_DATA, PortType.RECEIVE_EXPLICIT,
            PortType.CONNECTION_ONE_TO_ONE);

    IbisCapabilities ibisCapabilities = new IbisCapabilities(
            IbisCapabilities.ELECTIONS_STRICT);

    private void server(Ibis myIbis) throws Exception {
        ReceivePort receiver = myIbis.createReceivePort(portType, "server");
        receiver.enableConnections();
        ReadMessage r = receiver.receive();
        String s = r.readString();
        r.finish();
        System.out.println("Server received: " + s);
        receiver.close();
    }

    private void client(Ibis myIbis, IbisIdentifier server) throws Exception {
        SendPort sender = myIbis.createSendPort(portType);
        sender.connect(server, "server");
        WriteMessage w = sender.newMessage();
        w.writeString("Hi there");
        w.finish();
        sender.close();
        System.out.println("Client sent its greeting");
    }

    private void run() throws Exception {
        Ibis ibis = IbisFactory.createIbis(ibisCapabilities, null, portType);
        IbisIdentifier server = ibis.registry().elect("Server");
        if (server.equals(ibis.identifier())) {
            server(ibis);
        } else {
            client(ibis, server);
        }
        ibis.end();
    }

    public static void main(String args[]) {
        try {
            new Hello().run();
        } catch (Exception e) {
            e.printStackTrace(System.err);
            System.exit(1);
        }
    }
}
