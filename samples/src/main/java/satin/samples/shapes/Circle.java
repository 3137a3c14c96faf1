package satin.samples.shapes;

public class Circle extends Shape {

    public int radius;

    public Circle(Point anchor, Style style, int radius) {
        super(anchor, style);
        this.radius = radius;
    }

    @Override
    public boolean covers(int x, int y) {
        return x * x + y * y <= radius * radius;
    }

    @Override
    public int extent() {
        return radius;
    }
}
