package satin.ipl.registry;

import satin.ipl.IplException;

/**
 * The pool refused a join (closed, terminated, incompatible serialization or pool size), for good or, when
 * {@link #notYet}, only for now: a node asked to join a running pool that has not started yet.
 */
public class JoinRefusedException extends IplException {
    private final boolean notYet;

    public JoinRefusedException(String message) {
        this(message, false);
    }

    /** @param notYet whether the same join may succeed later (the pool it asks to join has not started yet) */
    public JoinRefusedException(String message, boolean notYet) {
        super(message);
        this.notYet = notYet;
    }

    /** Whether the same join may succeed later: the running pool it asks for is still forming. */
    public boolean notYet() {
        return notYet;
    }
}
