package satin.samples.shapes;

/** How a shape is drawn; a plain class with a subclass. */
public class Style {

    public String name;
    public Unit unit;

    public Style(String name, Unit unit) {
        this.name = name;
        this.unit = unit;
    }
}
