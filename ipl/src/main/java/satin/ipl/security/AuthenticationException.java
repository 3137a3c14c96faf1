package satin.ipl.security;

import satin.ipl.IplException;

/** A peer, node or registry, failed to prove the pool secret, or refused this side's proof. */
public final class AuthenticationException extends IplException {
    public AuthenticationException(String message) {
        super(message);
    }
}
