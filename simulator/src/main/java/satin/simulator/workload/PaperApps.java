package satin.simulator.workload;

import java.util.List;
import java.util.Locale;

/**
 * Synthetic trees with the character of the four applications of the paper's Table 2.1, at the paper's
 * sequential run time t_s (derived from its table: {@code t_s = efficiency * t_p * 64}). Leaves are far coarser
 * than in the real programs so that a whole table simulates in seconds; what matters for wide-area load
 * balancing is the shape of the top of the tree and the message sizes, which these keep:
 * <ul>
 *   <li>adaptive integration: binary, irregular (adaptive refinement), tiny parameters and results;</li>
 *   <li>N-queens: wide and irregular (pruned board positions), medium parameters (a board);</li>
 *   <li>TSP: wide, long parameter messages (the partial route plus the distance table);</li>
 *   <li>ray tracer: four-way image split, very irregular leaf times, results carry the pixels of their region.</li>
 * </ul>
 * The spawn overhead stands for Satin's per-spawn cost relative to each program's grain; it is what keeps the
 * single-cluster efficiencies below 100% as in the paper.
 */
public final class PaperApps {
    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    public static final TreeShape ADAPTIVE_INTEGRATION =
            new TreeShape("adaptive integration", 4_577 * S, 100 * MS, 2, 2, 7.0, 0.0, 40, 16, 0, 0);
    public static final TreeShape N_QUEENS =
            new TreeShape("N-queens", 9_330 * S, 100 * MS, 3, 14, 6.0, 0.0, 200, 16, 0, 392 * US);
    public static final TreeShape TSP =
            new TreeShape("TSP", 5_878 * S, 100 * MS, 4, 12, 6.0, 0.0, 2_000, 16, 0, 543 * US);
    public static final TreeShape RAY_TRACER =
            new TreeShape("ray tracer", 8_911 * S, 100 * MS, 4, 4, 6.0, 0.0, 100, 0, 5_000_000, 442 * US);

    public static final List<TreeShape> ALL = List.of(ADAPTIVE_INTEGRATION, N_QUEENS, TSP, RAY_TRACER);

    private PaperApps() {
    }

    /** Finds an app by name or short name (ai, nqueens, tsp, raytracer), case-insensitively. */
    public static TreeShape byName(String name) {
        String key = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        for (TreeShape shape : ALL) {
            String full = shape.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
            if (full.equals(key) || shortName(shape).equals(key)) {
                return shape;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + name + "' (expected one of ai, nqueens, tsp, raytracer)");
    }

    /** ai, nqueens, tsp or raytracer. */
    public static String shortName(TreeShape shape) {
        return switch (shape.name()) {
            case "adaptive integration" -> "ai";
            case "N-queens" -> "nqueens";
            case "TSP" -> "tsp";
            case "ray tracer" -> "raytracer";
            default -> shape.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        };
    }
}
