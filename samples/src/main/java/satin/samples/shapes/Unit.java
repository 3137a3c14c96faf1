package satin.samples.shapes;

/** Units of length; one constant has a body of its own (a subclass of the enum). */
public enum Unit {
    MM(1),
    CM(10) {
        @Override
        public String label() {
            return "centimetres";
        }
    },
    DM(100);

    public final int millimetres;

    Unit(int millimetres) {
        this.millimetres = millimetres;
    }

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
