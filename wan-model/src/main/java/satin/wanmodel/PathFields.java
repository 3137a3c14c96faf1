package satin.wanmodel;

/**
 * A {@link PathState} in this object's fields, every time {@link PathState#NEVER} at first. Not thread-safe; open for
 * subclasses that add a lock around it (the IPL's in-memory shared paths).
 */
public class PathFields implements PathState {
    private long freeAt = NEVER;
    private long lastArrival = NEVER;
    private long lastActive = NEVER;
    private long timeouts;

    @Override
    public long freeAt() {
        return freeAt;
    }

    @Override
    public void freeAt(long time) {
        freeAt = time;
    }

    @Override
    public long lastArrival() {
        return lastArrival;
    }

    @Override
    public void lastArrival(long time) {
        lastArrival = time;
    }

    @Override
    public long lastActive() {
        return lastActive;
    }

    @Override
    public void lastActive(long time) {
        lastActive = time;
    }

    @Override
    public long timeouts() {
        return timeouts;
    }

    @Override
    public void timeouts(long count) {
        timeouts = count;
    }
}
