package satin.samples.shapes;

public class Rect extends Shape {

    public int halfWidth;
    public int halfHeight;

    public Rect(Point anchor, Style style, int halfWidth, int halfHeight) {
        super(anchor, style);
        this.halfWidth = halfWidth;
        this.halfHeight = halfHeight;
    }

    @Override
    public boolean covers(int x, int y) {
        return Math.abs(x) <= halfWidth && Math.abs(y) <= halfHeight;
    }

    @Override
    public int extent() {
        return Math.max(halfWidth, halfHeight);
    }
}
