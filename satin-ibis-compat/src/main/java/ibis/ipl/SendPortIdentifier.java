package ibis.ipl;

import java.io.Serializable;

/** Names one send port: its instance and its name; {@link ReadMessage#origin()} says which one sent a message. */
public interface SendPortIdentifier extends Serializable {
    String name();

    IbisIdentifier ibisIdentifier();
}
