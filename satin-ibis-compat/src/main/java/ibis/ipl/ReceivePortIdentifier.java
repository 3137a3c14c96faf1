package ibis.ipl;

import java.io.Serializable;

/** Names one receive port: its instance and its name. Serializable, so it can travel in a message. */
public interface ReceivePortIdentifier extends Serializable {
    String name();

    IbisIdentifier ibisIdentifier();
}
