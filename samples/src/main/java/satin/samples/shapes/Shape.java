package satin.samples.shapes;

/**
 * A shape, a concrete base class: on its own a single point (it covers no cell). Subclasses say which grid cells
 * they cover; a job counts them one by one, which is the work.
 */
public class Shape {

    public Point anchor;
    public Style style;

    public Shape(Point anchor, Style style) {
        this.anchor = anchor;
        this.style = style;
    }

    /** Whether the cell (x, y), relative to the anchor, is covered. */
    public boolean covers(int x, int y) {
        return false;
    }

    /** The half-size of the square around the anchor that holds every covered cell. */
    public int extent() {
        return 0;
    }

    /** The kind of shape, for the per-kind counts. */
    public String kind() {
        return getClass().getSimpleName();
    }
}
