package satin.apps.uts;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The trees by name, with the node counts the UTS reference implementation and the lifeline GLB papers give. */
public final class Trees {

    /** A tree, its name and its reference node count (0 when none is published). */
    public record Named(String name, Tree tree, long nodes) {
    }

    /** The published trees, smallest first. */
    public static final Map<String, Named> PUBLISHED = published();

    private Trees() {
    }

    private static Map<String, Named> published() {
        Map<String, Named> trees = new LinkedHashMap<>();
        put(trees, "T3", Tree.T3, 4_112_897L);
        put(trees, "T2", Tree.T2, 4_117_769L);
        put(trees, "T1", Tree.T1, 4_130_071L);
        put(trees, "T5", Tree.T5, 4_147_582L);
        put(trees, "11", Tree.geometric(11, 19), 16_526_523L);
        put(trees, "12", Tree.geometric(12, 19), 66_106_929L);
        put(trees, "T1L", Tree.T1L, 102_181_082L);
        put(trees, "T3L", Tree.T3L, 111_345_631L);
        put(trees, "13", Tree.geometric(13, 19), 264_459_392L);
        return Collections.unmodifiableMap(trees);
    }

    private static void put(Map<String, Named> trees, String name, Tree tree, long nodes) {
        trees.put(name, new Named(name, tree, nodes));
    }

    /**
     * The tree called {@code name} (case-insensitive): a published name, or a depth 1-20 of the fixed geometric tree
     * with seed 19 (its reference count when published, else 0); null for anything else.
     */
    public static Named named(String name) {
        String key = name.trim().toUpperCase(Locale.ROOT);
        Named known = PUBLISHED.get(key);
        if (known != null) {
            return known;
        }
        try {
            int depth = Integer.parseInt(key);
            return depth >= 1 && depth <= 20 ? new Named(key, Tree.geometric(depth, 19), 0) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
