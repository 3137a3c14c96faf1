package satin.ipl.core;

import satin.ipl.PortCapability;
import satin.ipl.PortType;

/** Serialization levels as ordered numbers: what a message of a port type may contain. */
final class SerializationLevel {
    static final int BYTES = 0;
    static final int DATA = 1;
    static final int OBJECT = 2;

    private SerializationLevel() {
    }

    static int of(PortType type) {
        PortCapability s = type.serialization();
        return s == PortCapability.SERIALIZATION_BYTES ? BYTES : s == PortCapability.SERIALIZATION_DATA ? DATA : OBJECT;
    }

    static String name(int level) {
        return switch (level) {
            case BYTES -> "SERIALIZATION_BYTES";
            case DATA -> "SERIALIZATION_DATA";
            default -> "SERIALIZATION_OBJECT";
        };
    }
}
