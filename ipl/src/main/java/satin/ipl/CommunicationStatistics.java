package satin.ipl;

/**
 * Messages and bytes a node sent so far, split by whether the receiving node is in the same cluster
 * (the parent of its location). A one-to-many message counts once per destination.
 */
public record CommunicationStatistics(long intraClusterMessages, long intraClusterBytes,
        long interClusterMessages, long interClusterBytes,
        long receivedMessages, long receivedBytes) {

    public long totalMessages() {
        return intraClusterMessages + interClusterMessages;
    }

    public long totalBytes() {
        return intraClusterBytes + interClusterBytes;
    }
}
