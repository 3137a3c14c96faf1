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
 * processors. Errors name the file, the line and what is wrong.
 */
record HostsFile(List<Host> hosts) {

    /** One line: where the node runs and how. */
    record Host(String address, String cluster, Integer workers, List<String> javaOptions) {
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
            List<String> options = f.length > 3 ? List.of(Arrays.copyOfRange(f, 3, f.length)) : List.of();
            for (String o : options) {
                if (!o.startsWith("-")) {
                    throw new IllegalArgumentException(where + "java option '" + o + "' does not start with '-'");
                }
            }
            hosts.add(new Host(f[0], cluster, workers, options));
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("hosts file " + file + " names no host (line format: host [cluster] "
                    + "[workers] [java options...])");
        }
        return new HostsFile(List.copyOf(hosts));
    }
}
