package satin.cli.slurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which cluster a host belongs to ({@code --cluster-of RULE}), for allocations that span sites: either a file of
 * {@code host cluster} lines ({@code #} starts a comment; a host missing from it is an error that names it), or a
 * regular expression with one capture group matched against the whole host name, the group being the cluster
 * ({@code 'fs[0-9]+\.(\w+)\..*'} puts {@code fs3.vu.das.nl} into {@code vu}). Without a rule every host is in
 * one cluster.
 */
public final class ClusterRule {

    /** The cluster of every host when there is no rule. */
    public static final String SINGLE = "cluster0";

    private final Pattern pattern;
    private final Map<String, String> table;
    private final String text;

    private ClusterRule(Pattern pattern, Map<String, String> table, String text) {
        this.pattern = pattern;
        this.table = table;
        this.text = text;
    }

    /** The rule {@code text} names: an existing file, else a pattern; null or blank: one cluster. */
    public static ClusterRule parse(String text) {
        if (text == null || text.isBlank()) {
            return new ClusterRule(null, null, "");
        }
        Path file = Path.of(text);
        if (Files.isRegularFile(file)) {
            return new ClusterRule(null, table(file), text);
        }
        Pattern p;
        try {
            p = Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--cluster-of '" + text + "' is neither a file nor a regular expression: "
                    + e.getDescription());
        }
        if (p.matcher("").groupCount() < 1) {
            throw new IllegalArgumentException("--cluster-of '" + text + "' has no capture group: put the cluster's "
                    + "part of the host name in parentheses, e.g. 'node-(\\w+)-\\d+'");
        }
        return new ClusterRule(p, null, text);
    }

    /** The cluster of {@code host}, or an error naming the host and the rule. */
    public String clusterOf(String host) {
        String cluster;
        if (table != null) {
            cluster = table.get(host);
            if (cluster == null) {
                cluster = table.get(host.split("\\.", 2)[0]); // a table of short names serves full names too
            }
            if (cluster == null) {
                throw new IllegalArgumentException("host '" + host + "' is not in the --cluster-of file " + text);
            }
        } else if (pattern != null) {
            Matcher m = pattern.matcher(host);
            if (!m.matches()) {
                throw new IllegalArgumentException("host '" + host + "' does not match --cluster-of '" + text + "'");
            }
            cluster = null;
            for (int g = 1; g <= m.groupCount() && cluster == null; g++) {
                cluster = m.group(g);
            }
            if (cluster == null || cluster.isEmpty()) {
                throw new IllegalArgumentException("--cluster-of '" + text + "' matches host '" + host
                        + "' but captures nothing");
            }
        } else {
            return SINGLE;
        }
        if (cluster.contains("@") || cluster.contains(",")) {
            throw new IllegalArgumentException("cluster '" + cluster + "' of host '" + host
                    + "' must not contain '@' or ','");
        }
        return cluster;
    }

    private static Map<String, String> table(Path file) {
        Map<String, String> table = new LinkedHashMap<>();
        java.util.List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read --cluster-of file " + file + ": " + e);
        }
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            int hash = line.indexOf('#');
            String[] f = (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+");
            if (f.length == 1 && f[0].isEmpty()) {
                continue;
            }
            if (f.length != 2) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": expected 'host cluster', got '"
                        + line.trim() + "'");
            }
            if (table.put(f[0], f[1]) != null) {
                throw new IllegalArgumentException(file + " line " + (n + 1) + ": host '" + f[0] + "' listed twice");
            }
        }
        return table;
    }
}
