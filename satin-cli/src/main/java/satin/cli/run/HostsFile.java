package satin.cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The hosts of {@code satin run --hosts FILE}: one node per line, {@code host [cluster] [workers] [java
 * options...]}; {@code #} starts a comment. The cluster defaults to {@code cluster0}, the workers to the host's
 * processors. Among the options, {@value #NODE_ADDRESS}HOST is not for {@code java}: it is the address that host's
 * node publishes to its peers ({@code --node-address}; for a host with several interfaces). Errors name the file,
 * the line and what is wrong.
 */
record HostsFile(List<Host> hosts) {
    /** The option of a line that sets its node's published address. */
    static final String NODE_ADDRESS = "--node-address=";

    /**
     * One line: where the node runs and how.
     *
     * @param nodeAddress the address the node publishes ({@code --node-address}), or null for its default
     */
    record Host(String address, String cluster, Integer workers, List<String> javaOptions, String nodeAddress) {
    }

    static HostsFile read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read hosts file " + file + ": " + e);
        }
        List<Host> hosts = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            int hash = line.indexOf('#');
            String[] f = (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+");
            if (f.length == 0 || f[0].isEmpty()) {
                continue;
            }
            String where = file + " line " + (n + 1) + ": ";
            String cluster = f.length > 1 ? f[1] : "cluster0";
            if (cluster.contains("@") || cluster.contains(",")) {
                throw new IllegalArgumentException(where + "cluster '" + cluster + "' must not contain '@' or ','");
            }
            Integer workers = null;
            if (f.length > 2) {
                try {
                    workers = Integer.parseInt(f[2]);
                } catch (NumberFormatException e) {
                    workers = -1;
                }
                if (workers < 1) {
                    throw new IllegalArgumentException(where + "workers must be a whole number of at least 1, got '"
                            + f[2] + "' (line format: host [cluster] [workers] [java options...])");
                }
            }
            List<String> options = new ArrayList<>();
            String nodeAddress = null;
            for (String o : f.length > 3 ? Arrays.copyOfRange(f, 3, f.length) : new String[0]) {
                if (o.startsWith(NODE_ADDRESS)) {
                    if (nodeAddress != null) {
                        throw new IllegalArgumentException(where + NODE_ADDRESS + " is given twice");
                    }
                    nodeAddress = o.substring(NODE_ADDRESS.length());
                    if (nodeAddress.isEmpty()) {
                        throw new IllegalArgumentException(where + NODE_ADDRESS + " needs the address this host's "
                                + "node publishes, e.g. " + NODE_ADDRESS + "10.1.2.3");
                    }
                } else if (o.equals("--node-address")) {
                    throw new IllegalArgumentException(where + "write " + NODE_ADDRESS + "HOST (one word) on a hosts"
                            + " line");
                } else if (!o.startsWith("-")) {
                    throw new IllegalArgumentException(where + "java option '" + o + "' does not start with '-'");
                } else {
                    options.add(o);
                }
            }
            hosts.add(new Host(f[0], cluster, workers, List.copyOf(options), nodeAddress));
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("hosts file " + file + " names no host (line format: host [cluster] "
                    + "[workers] [java options...])");
        }
        return new HostsFile(List.copyOf(hosts));
    }
}
