package satin.ipl.registry;

import satin.ipl.IplException;

/** The pool refused a join (closed, terminated, incompatible serialization or pool size). */
public class JoinRefusedException extends IplException {
    public JoinRefusedException(String message) {
        super(message);
    }
}
