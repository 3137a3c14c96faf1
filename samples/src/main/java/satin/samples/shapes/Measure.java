package satin.samples.shapes;

import java.util.Map;
import java.util.TreeMap;

/** What measuring shapes gives: covered cells and shapes counted, and cells per kind and per unit. */
public class Measure {

    public long cells;
    public int shapes;
    public Map<String, Long> byKind = new TreeMap<>();
    public Map<Unit, Long> byUnit = new TreeMap<>();

    /** Adds {@code other} into this one. */
    public Measure plus(Measure other) {
        cells += other.cells;
        shapes += other.shapes;
        other.byKind.forEach((k, v) -> byKind.merge(k, v, Long::sum));
        other.byUnit.forEach((k, v) -> byUnit.merge(k, v, Long::sum));
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Measure m && m.cells == cells && m.shapes == shapes && m.byKind.equals(byKind)
                && m.byUnit.equals(byUnit);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(cells) * 31 + shapes;
    }

    @Override
    public String toString() {
        return cells + " cells in " + shapes + " shapes " + byKind + " " + byUnit;
    }
}
