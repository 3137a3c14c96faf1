package satin.ibiscompat;

import ibis.ipl.IbisIdentifier;
import ibis.ipl.ReceivePortIdentifier;
import ibis.ipl.SendPortIdentifier;

/** The port identifiers: an instance and a port name, serializable, equal when both are. */
final class PortIds {
    private PortIds() {
    }

    record ReceiveId(IbisId ibis, String name) implements ReceivePortIdentifier {
        private static final long serialVersionUID = 1L;

        static ReceiveId of(satin.ipl.ReceivePortIdentifier id) {
            return new ReceiveId(IbisId.of(id.node()), id.name());
        }

        /** The IPL identifier of the port, or an error naming what the program passed instead. */
        static satin.ipl.ReceivePortIdentifier ipl(ReceivePortIdentifier id) {
            if (id instanceof ReceiveId r) {
                return new satin.ipl.ReceivePortIdentifier(r.ibis.node(), r.name);
            }
            throw new IllegalArgumentException("not a receive port identifier of this Ibis implementation: " + id);
        }

        @Override
        public IbisIdentifier ibisIdentifier() {
            return ibis;
        }

        @Override
        public String toString() {
            return name + "@" + ibis;
        }
    }

    record SendId(IbisId ibis, String name) implements SendPortIdentifier {
        private static final long serialVersionUID = 1L;

        static SendId of(satin.ipl.SendPortIdentifier id) {
            return new SendId(IbisId.of(id.node()), id.name());
        }

        @Override
        public IbisIdentifier ibisIdentifier() {
            return ibis;
        }

        @Override
        public String toString() {
            return name + "@" + ibis;
        }
    }
}
