package satin.samples.shapes;

import java.util.ArrayList;
import java.util.List;

/** Shapes drawn together: a generic container of the base type, and an array of it. */
public class Group extends Shape {

    public List<Shape> members = new ArrayList<>();
    public Shape[] outline = new Shape[0];

    public Group(Point anchor, Style style) {
        super(anchor, style);
    }

    @Override
    public boolean covers(int x, int y) {
        for (Shape s : members) {
            if (s.covers(x - s.anchor.x(), y - s.anchor.y())) {
                return true;
            }
        }
        for (Shape s : outline) {
            if (s.covers(x - s.anchor.x(), y - s.anchor.y())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int extent() {
        int e = 0;
        for (Shape s : members) {
            e = Math.max(e, s.extent() + Math.max(Math.abs(s.anchor.x()), Math.abs(s.anchor.y())));
        }
        for (Shape s : outline) {
            e = Math.max(e, s.extent() + Math.max(Math.abs(s.anchor.x()), Math.abs(s.anchor.y())));
        }
        return e;
    }
}
