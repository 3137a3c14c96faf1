package satin.ipl.core;

import satin.ipl.IplException;

/**
 * Sender side of credit-based flow control for one channel: the receiver grants a window of bytes and
 * returns credit as its application takes messages, so a slow receive port only ever stops its own
 * senders, never the link that other ports share.
 */
final class CreditGate {
    private long available;
    private String failure;

    synchronized void grant(long bytes) {
        available += bytes;
        notifyAll();
    }

    /**
     * Waits until {@code bytes} of credit are available and takes them. Inside an upcall it never waits
     * (see {@link ReceivePortImpl#inUpcall()}): it takes the bytes on overdraft, so what upcalls send in
     * answer to messages may exceed the window by that much. Returns whether it waited: the window held the
     * sender back.
     */
    synchronized boolean acquire(long bytes) throws IplException {
        boolean mayWait = !ReceivePortImpl.inUpcall();
        boolean waited = false;
        while (mayWait && available < bytes && failure == null) {
            waited = true;
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IplException("interrupted while waiting for the receiver to take messages", e);
            }
        }
        if (failure != null) {
            throw new IplException(failure);
        }
        available -= bytes;
        return waited;
    }

    synchronized void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
        notifyAll();
    }
}
