package ibis.ipl;

import java.io.Serializable;

/**
 * What an instance offers to join a pool. This implementation authenticates pools with the pool secret instead (see
 * the README); credentials given to {@link IbisFactory#createIbis} are accepted and not used.
 */
public interface Credentials extends Serializable {
}
