package satin.samples.shapes;

public class Dashed extends Style {

    public int[] pattern;

    public Dashed(String name, Unit unit, int[] pattern) {
        super(name, unit);
        this.pattern = pattern;
    }
}
