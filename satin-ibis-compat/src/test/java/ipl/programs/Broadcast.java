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

/**
 * One-to-many and many-to-one: a master multicasts an array to every worker over one send port; each worker scales
 * it by its rank and sends it back to the master's single many-to-one receive port.
 */
public class Broadcast {
    static PortType multicast = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_DATA,
            PortType.RECEIVE_EXPLICIT, PortType.CONNECTION_ONE_TO_MANY);
    static PortType gather = new PortType(PortType.COMMUNICATION_RELIABLE, PortType.SERIALIZATION_DATA,
            PortType.RECEIVE_EXPLICIT, PortType.CONNECTION_MANY_TO_ONE, PortType.CONNECTION_DOWNCALLS);

    public static void main(String[] args) throws Exception {
        IbisCapabilities caps = new IbisCapabilities(IbisCapabilities.CLOSED_WORLD, IbisCapabilities.ELECTIONS_STRICT,
                IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED);
        Ibis ibis = IbisFactory.createIbis(caps, null, multicast, gather);
        ibis.registry().waitUntilPoolClosed();
        IbisIdentifier[] all = ibis.registry().joinedIbises();
        IbisIdentifier master = ibis.registry().elect("master");
        double[] data = new double[1000];
        if (master.equals(ibis.identifier())) {
            ReceivePort results = ibis.createReceivePort(gather, "results");
            results.enableConnections();
            SendPort out = ibis.createSendPort(multicast);
            for (IbisIdentifier id : all) {
                if (!id.equals(master)) {
                    out.connect(id, "data");
                }
            }
            for (int i = 0; i < data.length; i++) {
                data[i] = i;
            }
            WriteMessage w = out.newMessage();
            w.writeInt(data.length);
            w.writeArray(data);
            w.finish();
            double check = 0;
            for (int n = 0; n < all.length - 1; n++) {
                ReadMessage r = results.receive();
                int rank = r.readInt();
                double[] back = new double[r.readInt()];
                r.readArray(back);
                r.finish();
                check += back[back.length - 1] / rank;
            }
            System.out.println("master multicast to " + out.connectedTo().length + " workers, check " + check
                    + ", senders seen " + results.newConnections().length);
            out.close();
            results.close();
        } else {
            ReceivePort in = ibis.createReceivePort(multicast, "data");
            in.enableConnections();
            ReadMessage r = in.receive();
            double[] got = new double[r.readInt()];
            r.readArray(got);
            r.finish();
            int rank = Integer.parseInt(ibis.identifier().name()) + 1;
            for (int i = 0; i < got.length; i++) {
                got[i] *= rank;
            }
            SendPort back = ibis.createSendPort(gather);
            back.connect(master, "results");
            WriteMessage w = back.newMessage();
            w.writeInt(rank);
            w.writeInt(got.length);
            w.writeArray(got);
            w.finish();
            back.close();
            in.close();
            System.out.println("worker " + rank + " returned " + got.length + " values");
        }
        ibis.end();
    }
}
