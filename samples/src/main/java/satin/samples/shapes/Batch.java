package satin.samples.shapes;

import java.util.List;
import java.util.Map;

/** The parameter of a job: shapes in a generic list, an array of them, marks per unit in a generic map. */
public class Batch {

    public List<Shape> shapes;
    public Shape[] spares;
    public Map<Unit, List<Point>> marks;

    public Batch(List<Shape> shapes, Shape[] spares, Map<Unit, List<Point>> marks) {
        this.shapes = shapes;
        this.spares = spares;
        this.marks = marks;
    }
}
