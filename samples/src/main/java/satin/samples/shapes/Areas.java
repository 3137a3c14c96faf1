package satin.samples.shapes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import satin.SatinObject;

/**
 * Measures a few thousand shapes by halving the batch recursively. Every job carries program types of the kinds
 * that need no registration by hand: a concrete base class and its subclasses two levels deep behind fields,
 * array elements, generic lists and maps; a record; an enum with a constant body; a result class holding maps.
 * {@code main} checks the result against a sequential count.
 *
 * <p>{@code java satin.samples.shapes.Areas [shapes [leaf]]}
 */
public class Areas extends SatinObject implements AreasInter {

    @Override
    public Measure measure(Batch batch, int leaf) {
        if (batch.shapes.size() <= leaf) {
            return count(batch);
        }
        int half = batch.shapes.size() / 2;
        Batch left = new Batch(new ArrayList<>(batch.shapes.subList(0, half)), batch.spares, batch.marks);
        Batch right = new Batch(new ArrayList<>(batch.shapes.subList(half, batch.shapes.size())), new Shape[0],
                new HashMap<>());
        Measure a = measure(left, leaf);
        Measure b = measure(right, leaf);
        sync();
        return a.plus(b);
    }

    /** Counts the covered cells of every shape, and the spares and marks once. */
    static Measure count(Batch batch) {
        Measure m = new Measure();
        for (Shape s : batch.shapes) {
            add(m, s);
        }
        for (Shape s : batch.spares) {
            add(m, s);
        }
        batch.marks.forEach((unit, points) -> m.byUnit.merge(unit, (long) points.size(), Long::sum));
        return m;
    }

    private static void add(Measure m, Shape s) {
        int e = s.extent();
        long cells = 0;
        for (int x = -e; x <= e; x++) {
            for (int y = -e; y <= e; y++) {
                if (s.covers(x, y)) {
                    cells++;
                }
            }
        }
        m.cells += cells;
        m.shapes++;
        m.byKind.merge(s.kind(), cells, Long::sum);
        m.byUnit.merge(s.style.unit, cells, Long::sum);
    }

    /** A fixed forest of shapes. */
    static Batch shapes(int n, long seed) {
        Random r = new Random(seed);
        Unit[] units = Unit.values();
        List<Shape> shapes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Point at = new Point(r.nextInt(1000), r.nextInt(1000));
            Style style = r.nextBoolean() ? new Style("solid", units[r.nextInt(units.length)])
                    : new Dashed("dashed", units[r.nextInt(units.length)], new int[] {r.nextInt(5) + 1, 2});
            shapes.add(switch (r.nextInt(4)) {
                case 0 -> new Circle(at, style, 10 + r.nextInt(30));
                case 1 -> new Rect(at, style, 5 + r.nextInt(30), 5 + r.nextInt(30));
                case 2 -> new Square(at, style, 5 + r.nextInt(30));
                default -> {
                    Group g = new Group(at, style);
                    g.members.add(new Circle(new Point(r.nextInt(20), 0), style, 5 + r.nextInt(10)));
                    g.members.add(new Square(new Point(0, r.nextInt(20)), style, 3 + r.nextInt(10)));
                    g.outline = new Shape[] {new Rect(new Point(-5, -5), style, 4, 2), new Shape(new Point(1, 1), style)};
                    yield g;
                }
            });
        }
        Map<Unit, List<Point>> marks = new HashMap<>();
        for (Unit u : units) {
            marks.put(u, new ArrayList<>(List.of(new Point(u.millimetres, 0), new Point(0, u.millimetres))));
        }
        return new Batch(shapes, new Shape[] {new Circle(new Point(0, 0), new Style("spare", Unit.CM), 12)}, marks);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int leaf = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        Batch all = shapes(n, 7);
        Areas areas = new Areas();
        Measure parallel = areas.measure(all, leaf);
        areas.sync();
        Measure sequential = count(shapes(n, 7));
        System.out.println("shapes: " + parallel + (parallel.equals(sequential) ? " (checked)" : " (WRONG, expected "
                + sequential + ")"));
    }
}
