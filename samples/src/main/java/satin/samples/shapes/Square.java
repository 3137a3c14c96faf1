package satin.samples.shapes;

/** A subclass of a subclass of the base. */
public class Square extends Rect {

    public Square(Point anchor, Style style, int half) {
        super(anchor, style, half, half);
    }
}
