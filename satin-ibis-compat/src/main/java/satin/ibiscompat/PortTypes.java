package satin.ibiscompat;

import java.util.EnumSet;

import ibis.ipl.IbisConfigurationException;
import ibis.ipl.PortType;
import satin.ipl.PortCapability;

/**
 * How an Ibis {@link PortType} maps onto an IPL port type. Every Ibis port is an IPL byte-level port: this module
 * encodes a message's primitives, strings, arrays and objects itself (see {@link Level}), so that the IPL never needs
 * a Kryo registration list for a program's classes. The rest maps one to one:
 * <ul>
 *   <li>connection.onetoone / onetomany / manytoone: the IPL pattern of the same name (none given: one to one);
 *       manytomany has no IPL pattern and is refused when the instance is created;</li>
 *   <li>communication.reliable / unreliable: RELIABLE / UNRELIABLE (none given: reliable); fifo: FIFO;
 *       numbered: a sequence number this module writes before the body;</li>
 *   <li>receive.autoupcalls / pollupcalls: UPCALLS; receive.explicit / poll / timeout: EXPLICIT_RECEIPT (none given:
 *       explicit);</li>
 *   <li>connection.upcalls / downcalls / timeout / light / ultralight / direct: kept by this module, nothing in the
 *       IPL type.</li>
 * </ul>
 * Two Ibis ports of equal types map to equal IPL types, so they connect; unequal Ibis types whose IPL types happen to
 * be equal connect too (the IPL cannot tell them apart), which the original would have refused.
 */
final class PortTypes {
    private PortTypes() {
    }

    /** The serialization level of a port: what its messages may hold. */
    enum Level {
        BYTE, DATA, OBJECT;

        static Level of(PortType type) {
            if (type.objectSerialization()) {
                return OBJECT;
            }
            return type.hasCapability(PortType.SERIALIZATION_DATA) ? DATA : BYTE;
        }
    }

    static void check(PortType type) {
        if (type.hasCapability(PortType.CONNECTION_MANY_TO_MANY)) {
            throw new IbisConfigurationException(PortType.CONNECTION_MANY_TO_MANY + " is not offered by this Ibis"
                    + " (its IPL has one-to-one, one-to-many and many-to-one ports): port type " + type);
        }
        if (type.hasCapability(PortType.COMMUNICATION_TOTALLY_ORDERED_MULTICASTS)) {
            throw new IbisConfigurationException(PortType.COMMUNICATION_TOTALLY_ORDERED_MULTICASTS
                    + " is not offered by this Ibis: port type " + type);
        }
    }

    static satin.ipl.PortType ipl(PortType type) {
        check(type);
        EnumSet<PortCapability> c = EnumSet.of(PortCapability.SERIALIZATION_BYTES);
        if (type.hasCapability(PortType.CONNECTION_ONE_TO_MANY)) {
            c.add(PortCapability.ONE_TO_MANY);
        } else if (type.hasCapability(PortType.CONNECTION_MANY_TO_ONE)) {
            c.add(PortCapability.MANY_TO_ONE);
        } else {
            c.add(PortCapability.ONE_TO_ONE);
        }
        c.add(type.hasCapability(PortType.COMMUNICATION_UNRELIABLE) ? PortCapability.UNRELIABLE
                : PortCapability.RELIABLE);
        if (type.hasCapability(PortType.COMMUNICATION_FIFO)) {
            c.add(PortCapability.FIFO);
        }
        if (upcalls(type)) {
            c.add(PortCapability.UPCALLS);
        }
        if (explicit(type) || !upcalls(type)) {
            c.add(PortCapability.EXPLICIT_RECEIPT);
        }
        return satin.ipl.PortType.of(c);
    }

    static boolean upcalls(PortType type) {
        return type.hasCapability(PortType.RECEIVE_AUTO_UPCALLS) || type.hasCapability(PortType.RECEIVE_POLL_UPCALLS);
    }

    static boolean explicit(PortType type) {
        return type.hasCapability(PortType.RECEIVE_EXPLICIT) || type.hasCapability(PortType.RECEIVE_POLL)
                || type.hasCapability(PortType.RECEIVE_TIMEOUT);
    }
}
