package satin.apps.raytracer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a scene in the Neutral File Format (see {@code scenes/README.md} of the shared data). Errors name
 * the source and the line. Missing viewpoint entries fall back to the SPD defaults where those exist; a
 * scene without {@code from}/{@code at}/{@code resolution} is rejected.
 */
public final class SceneParser {

    private final String source;
    private final BufferedReader in;
    private int lineNumber;

    private Vec3 background = Vec3.ZERO;
    private Vec3 from;
    private Vec3 at;
    private Vec3 up = new Vec3(0, 1, 0);
    private double angle = 45;
    private int width;
    private int height;
    private Material fill = new Material(new Vec3(1, 1, 1), 1, 0, 1, 0, 1);
    private final List<Vec3> lightPositions = new ArrayList<>();
    private final List<Vec3> lightColours = new ArrayList<>();
    private final List<Primitive> primitives = new ArrayList<>();

    private SceneParser(String source, Reader reader) {
        this.source = source;
        this.in = new BufferedReader(reader);
    }

    /** Parses a whole NFF scene; {@code source} names it in error messages. */
    public static Scene parse(String source, Reader reader) throws IOException {
        return new SceneParser(source, reader).parse();
    }

    private Scene parse() throws IOException {
        String[] words;
        while ((words = nextLine()) != null) {
            command(words);
        }
        if (from == null || at == null || width == 0) {
            throw new IOException(source + ": the viewpoint needs 'from', 'at' and 'resolution'");
        }
        // SPD convention: lights share the intensity so that more lights do not saturate the image.
        double scale = lightPositions.isEmpty() ? 0 : 1 / Math.sqrt(lightPositions.size());
        List<Light> lights = new ArrayList<>();
        for (int i = 0; i < lightPositions.size(); i++) {
            lights.add(new Light(lightPositions.get(i), lightColours.get(i).times(scale)));
        }
        try {
            return new Scene(background, new Camera(from, at, up, angle, width, height), lights, primitives);
        } catch (IllegalArgumentException e) {
            throw new IOException(source + ": " + e.getMessage(), e);
        }
    }

    private void command(String[] w) throws IOException {
        switch (w[0]) {
            case "b" -> background = vector(w, 1);
            case "v" -> expectWords(w, 1);
            case "from" -> from = vector(w, 1);
            case "at" -> at = vector(w, 1);
            case "up" -> up = vector(w, 1);
            case "angle" -> angle = number(w, 1);
            case "hither" -> number(w, 1); // rays start at the eye; nothing is closer than the scene's geometry
            case "resolution" -> resolution(w);
            case "l" -> light(w);
            case "f" -> fill = new Material(vector(w, 1), number(w, 4), number(w, 5), number(w, 6), number(w, 7),
                    number(w, 8));
            case "s" -> primitives.add(new Sphere(vector(w, 1), positive(w, 4), fill));
            case "p" -> primitives.add(polygon(w, 3));
            case "pp" -> primitives.add(polygon(w, 6));
            case "c" -> cone(w);
            default -> throw error("unknown NFF command '" + w[0] + "'");
        }
    }

    private void resolution(String[] w) throws IOException {
        if (w.length == 2 && w[1].contains("x")) {
            String[] parts = w[1].split("x", -1);
            w = new String[] {w[0], parts[0], parts[1]};
        }
        width = (int) positive(w, 1);
        height = (int) positive(w, 2);
    }

    private void light(String[] w) throws IOException {
        lightPositions.add(vector(w, 1));
        lightColours.add(w.length > 4 ? vector(w, 4) : new Vec3(1, 1, 1));
    }

    private void cone(String[] w) throws IOException {
        try {
            primitives.add(new Cone(vector(w, 1), number(w, 4), vector(w, 5), number(w, 8), fill));
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    private Polygon polygon(String[] header, int numbersPerVertex) throws IOException {
        int count = (int) positive(header, 1);
        Vec3[] vertices = new Vec3[count];
        for (int i = 0; i < count; i++) {
            String[] w = nextLine();
            if (w == null) {
                throw error("polygon ends after " + i + " of " + count + " vertices");
            }
            if (w.length != numbersPerVertex) {
                throw error("a vertex of '" + header[0] + "' has " + numbersPerVertex + " numbers, got " + w.length);
            }
            vertices[i] = new Vec3(parse(w[0]), parse(w[1]), parse(w[2]));
        }
        try {
            return new Polygon(vertices, fill);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    /** The next non-blank, non-comment line split into words, or null at the end. */
    private String[] nextLine() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            String trimmed = line.trim();
            if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                return trimmed.split("\\s+");
            }
        }
        return null;
    }

    private Vec3 vector(String[] w, int first) throws IOException {
        return new Vec3(number(w, first), number(w, first + 1), number(w, first + 2));
    }

    private double positive(String[] w, int index) throws IOException {
        double value = number(w, index);
        if (!(value > 0)) {
            throw error("'" + w[0] + "' needs a positive number, got " + w[index]);
        }
        return value;
    }

    private double number(String[] w, int index) throws IOException {
        if (index >= w.length) {
            throw error("'" + w[0] + "' needs more numbers");
        }
        return parse(w[index]);
    }

    private void expectWords(String[] w, int count) throws IOException {
        if (w.length != count) {
            throw error("'" + w[0] + "' takes " + (count - 1) + " arguments");
        }
    }

    private double parse(String word) throws IOException {
        try {
            double value = Double.parseDouble(word);
            if (!Double.isFinite(value)) {
                throw error("not a finite number: '" + word + "'");
            }
            return value;
        } catch (NumberFormatException e) {
            throw error("not a number: '" + word + "'");
        }
    }

    private IOException error(String message) {
        return new IOException(source + ":" + lineNumber + ": " + message);
    }
}
