package satin.runtime.testapps;

import satin.contract.InvocationRecord;

/**
 * A record whose argument is declared as an interface: the registration list must hold the interface's
 * implementations found on the class path ({@link Circle}, {@link Square}), and what they hold.
 */
final class ShapeRecord extends InvocationRecord {

    interface Shape {
        double area();
    }

    record Circle(double radius, Label label) implements Shape {
        public double area() {
            return Math.PI * radius * radius;
        }
    }

    record Square(double side) implements Shape {
        public double area() {
            return side * side;
        }
    }

    record Label(String text) {
    }

    Shape shape;
    double result;

    @Override
    protected void execute() {
        result = shape.area();
    }

    @Override
    public Object boxedResult() {
        return result;
    }

    @Override
    public void boxedResult(Object value) {
        result = (Double) value;
    }
}
