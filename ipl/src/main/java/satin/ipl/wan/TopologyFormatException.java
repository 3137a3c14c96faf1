package satin.ipl.wan;

/** A topology file that cannot be read; the message names the source, the line and the cause. */
public final class TopologyFormatException extends Exception {
    public TopologyFormatException(String source, int line, String message) {
        super(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
