package satin.runtime.launch;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Catches a mistyped setting ({@code -Dsatin.workrs=3}), which would otherwise be ignored without a word: a property
 * that is not a setting but is within two edits of one is an error naming the nearest settings. Only near misses
 * are refused: other {@code satin.*} properties belong to other parts (the launcher's {@code satin.log}, the
 * virtual-work program's {@code satin.virtual.speed}) and are left alone.
 */
final class SettingNames {
    private SettingNames() {
    }

    /** Edits (insert, delete, replace, swap of neighbours) within which an unknown name is taken for a typo. */
    static final int TYPO_DISTANCE = 2;

    /**
     * {@code satin.*} properties of other parts that are near a setting: the launcher's log level, the packaged jar
     * its tests are given, the Maven plugin's skip switch and the project version of its tests.
     */
    static final Set<String> OTHERS = Set.of("satin.log", "satin.jar", "satin.skip", "satin.version");

    /** Throws {@link BadSettingException} for the first property set that looks like a mistyped setting. */
    static void check(Set<String> propertiesSet, Set<String> settings) {
        for (String name : propertiesSet.stream().sorted().toList()) {
            if (!name.startsWith("satin.") || settings.contains(name) || OTHERS.contains(name)) {
                continue;
            }
            List<String> nearest = settings.stream().filter(s -> distance(name, s) <= TYPO_DISTANCE)
                    .sorted(Comparator.comparingInt((String s) -> distance(name, s)).thenComparing(s -> s))
                    .limit(3).toList();
            if (!nearest.isEmpty()) {
                throw new BadSettingException("system property " + name + " is not a Satin setting; did you mean "
                        + String.join(" or ", nearest) + "?");
            }
        }
    }

    /** Optimal string alignment distance: insertions, deletions, replacements and swaps of neighbours. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
