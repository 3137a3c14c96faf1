package satin.rewriter.spawn;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A path-sensitive state: the paths reaching an instruction, grouped by what they know about branch conditions
 * ({@link BranchCondition} keys with their truth), each group with the spawns that may be pending on it. Groups with
 * the same knowledge are merged by union. Knowing a condition lets a later branch on it follow only the side the
 * paths can take. Immutable.
 *
 * <p>The number of groups is bounded: beyond {@link #LIMIT}, all groups collapse into one that knows nothing,
 * which is what a path-insensitive analysis would have (so a method with very many correlated conditions gets
 * the warnings it would get without this analysis, never fewer than are true).
 */
final class PathFacts {

    static final int LIMIT = 16;

    /** One group of paths: what they know and what may be pending on them. */
    record Fact(Map<String, Boolean> known, BitSet pending) {
        Fact {
            known = Collections.unmodifiableMap(new TreeMap<>(known));
            pending = (BitSet) pending.clone();
        }

        /** Whether this fact says at least as much as {@code other} allows: fewer assumptions, more pending. */
        boolean covers(Fact other) {
            if (!other.known.entrySet().containsAll(known.entrySet())) {
                return false;
            }
            BitSet rest = (BitSet) other.pending.clone();
            rest.andNot(pending);
            return rest.isEmpty();
        }
    }

    private final List<Fact> facts;

    private PathFacts(List<Fact> facts) {
        this.facts = List.copyOf(facts);
    }

    /** The method's entry: nothing known, nothing pending. */
    static PathFacts entry() {
        return new PathFacts(List.of(new Fact(Map.of(), new BitSet())));
    }

    List<Fact> facts() {
        return facts;
    }

    /** Union of the pending sets of every group. */
    BitSet pending() {
        BitSet all = new BitSet();
        facts.forEach(f -> all.or(f.pending()));
        return all;
    }

    /** The same paths with each pending set transformed. */
    PathFacts mapPending(java.util.function.UnaryOperator<BitSet> step) {
        List<Fact> out = new ArrayList<>();
        for (Fact f : facts) {
            out.add(new Fact(f.known(), step.apply(f.pending())));
        }
        return normalized(out);
    }

    /** The paths that take the side of a branch where {@code key} is {@code value}, now knowing it. */
    PathFacts assume(String key, boolean value) {
        List<Fact> out = new ArrayList<>();
        for (Fact f : facts) {
            Boolean known = f.known().get(key);
            if (known == null) {
                Map<String, Boolean> k = new TreeMap<>(f.known());
                k.put(key, value);
                out.add(new Fact(k, f.pending()));
            } else if (known == value) {
                out.add(f);
            } // else: this group cannot take that side
        }
        return normalized(out);
    }

    /** Forgets every condition {@code stale} accepts (its values may have changed). */
    PathFacts forget(Predicate<String> stale) {
        List<Fact> out = new ArrayList<>();
        for (Fact f : facts) {
            Map<String, Boolean> k = new TreeMap<>(f.known());
            k.keySet().removeIf(stale);
            out.add(new Fact(k, f.pending()));
        }
        return normalized(out);
    }

    boolean isEmpty() {
        return facts.isEmpty();
    }

    /** The paths of both states; null for {@code this} means none so far. */
    static PathFacts join(PathFacts a, PathFacts b) {
        if (a == null) {
            return b;
        }
        List<Fact> all = new ArrayList<>(a.facts);
        all.addAll(b.facts);
        return normalized(all);
    }

    /** Whether every group of {@code other} is covered by a group here (joining it would add nothing). */
    boolean covers(PathFacts other) {
        for (Fact o : other.facts) {
            if (facts.stream().noneMatch(f -> f.covers(o))) {
                return false;
            }
        }
        return true;
    }

    /** Merges groups with equal knowledge; collapses to one group knowing nothing beyond the limit. */
    private static PathFacts normalized(List<Fact> in) {
        Map<Map<String, Boolean>, BitSet> byKnown = new java.util.LinkedHashMap<>();
        for (Fact f : in) {
            byKnown.computeIfAbsent(f.known(), k -> new BitSet()).or(f.pending());
        }
        List<Fact> out = new ArrayList<>();
        byKnown.forEach((k, p) -> out.add(new Fact(k, p)));
        if (out.size() > LIMIT) {
            BitSet all = new BitSet();
            out.forEach(f -> all.or(f.pending()));
            return new PathFacts(List.of(new Fact(Map.of(), all)));
        }
        return new PathFacts(out);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PathFacts p && p.facts.equals(facts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(facts);
    }
}
