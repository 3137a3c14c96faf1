package satin.simulator.workload;

/**
 * Parameters of a synthetic divide-and-conquer tree. A job holding {@code work} nanoseconds of computation is a
 * leaf when {@code work <= leafNanos}; otherwise it spends {@code ownFraction} of its work in its own code and
 * splits the rest over between {@code minChildren} and {@code maxChildren} children with log-normal weights of
 * spread {@code irregularity} (0 = perfectly even). Results are {@code resultBytes} plus the job's share of
 * {@code sharedResultBytes} (children share their parent's part evenly, like image regions).
 *
 * @param name application this tree imitates
 * @param totalNanos t_s, the work of the whole tree on a node of speed 1.0
 * @param spawnOverheadNanos Satin's cost per spawn, paid by the parent and not part of t_s
 */
public record TreeShape(String name, long totalNanos, long leafNanos, int minChildren, int maxChildren,
        double irregularity, double ownFraction, int paramBytes, int resultBytes, long sharedResultBytes,
        long spawnOverheadNanos) {
    public TreeShape {
        if (totalNanos < 1 || leafNanos < 1) {
            throw new IllegalArgumentException(name + ": total and leaf work must be positive");
        }
        if (minChildren < 2 || maxChildren < minChildren) {
            throw new IllegalArgumentException(name + ": need 2 <= minChildren <= maxChildren, got " + minChildren + ".." + maxChildren);
        }
        if (irregularity < 0 || ownFraction < 0 || ownFraction >= 1) {
            throw new IllegalArgumentException(name + ": irregularity must be >= 0 and ownFraction in [0, 1)");
        }
        if (paramBytes < 0 || resultBytes < 0 || sharedResultBytes < 0 || spawnOverheadNanos < 0) {
            throw new IllegalArgumentException(name + ": sizes and overheads must not be negative");
        }
    }

    /** The same shape with a different total amount of work (a smaller or larger problem). */
    public TreeShape withTotalNanos(long total) {
        return new TreeShape(name, total, leafNanos, minChildren, maxChildren, irregularity, ownFraction, paramBytes,
                resultBytes, sharedResultBytes, spawnOverheadNanos);
    }

    /** The same shape with leaves of a different grain (changes the job count, not t_s). */
    public TreeShape withLeafNanos(long leaf) {
        return new TreeShape(name, totalNanos, leaf, minChildren, maxChildren, irregularity, ownFraction, paramBytes,
                resultBytes, sharedResultBytes, spawnOverheadNanos);
    }

    /**
     * The same shape with one parameter changed, by record component name (e.g. {@code irregularity=2},
     * {@code leafNanos=5000000}); for command-line overrides.
     */
    public TreeShape with(String key, String value) {
        try {
            return switch (key) {
                case "totalNanos" -> withTotalNanos(Long.parseLong(value));
                case "leafNanos" -> withLeafNanos(Long.parseLong(value));
                case "minChildren" -> new TreeShape(name, totalNanos, leafNanos, Integer.parseInt(value), maxChildren, irregularity,
                        ownFraction, paramBytes, resultBytes, sharedResultBytes, spawnOverheadNanos);
                case "maxChildren" -> new TreeShape(name, totalNanos, leafNanos, minChildren, Integer.parseInt(value), irregularity,
                        ownFraction, paramBytes, resultBytes, sharedResultBytes, spawnOverheadNanos);
                case "irregularity" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, Double.parseDouble(value),
                        ownFraction, paramBytes, resultBytes, sharedResultBytes, spawnOverheadNanos);
                case "ownFraction" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, irregularity,
                        Double.parseDouble(value), paramBytes, resultBytes, sharedResultBytes, spawnOverheadNanos);
                case "paramBytes" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, irregularity, ownFraction,
                        Integer.parseInt(value), resultBytes, sharedResultBytes, spawnOverheadNanos);
                case "resultBytes" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, irregularity, ownFraction,
                        paramBytes, Integer.parseInt(value), sharedResultBytes, spawnOverheadNanos);
                case "sharedResultBytes" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, irregularity,
                        ownFraction, paramBytes, resultBytes, Long.parseLong(value), spawnOverheadNanos);
                case "spawnOverheadNanos" -> new TreeShape(name, totalNanos, leafNanos, minChildren, maxChildren, irregularity,
                        ownFraction, paramBytes, resultBytes, sharedResultBytes, Long.parseLong(value));
                default -> throw new IllegalArgumentException("unknown tree parameter '" + key + "' (expected a TreeShape component such as "
                        + "leafNanos, minChildren, maxChildren, irregularity, ownFraction, paramBytes, resultBytes, sharedResultBytes, "
                        + "spawnOverheadNanos, totalNanos)");
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("tree parameter " + key + " needs a number, got '" + value + "'", e);
        }
    }
}
