package satin.samples.shapes;

/** A position, as a Java record. */
public record Point(int x, int y) {
}
