package satin.apps.raytracer;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import satin.apps.common.Args;

/** Finds scenes: an NFF file path, or the name of a scene shipped with the application. */
public final class Scenes {

    /** The scenes shipped as resources (copies of the shared data's scenes). */
    public static final List<String> BUNDLED = List.of("balls2", "jacks", "tri");

    private Scenes() {
    }

    /** Loads a bundled scene by name, e.g. {@code "balls2"}. */
    public static Scene bundled(String name) throws IOException {
        String resource = "scenes/" + name + ".nff";
        try (InputStream in = Scenes.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no bundled scene '" + name + "'; bundled: " + BUNDLED);
            }
            return SceneParser.parse(name + ".nff", new InputStreamReader(in, StandardCharsets.UTF_8));
        }
    }

    static Scene load(String nameOrPath, Args args) throws IOException {
        if (BUNDLED.contains(nameOrPath)) {
            return bundled(nameOrPath);
        }
        Path path = Path.of(nameOrPath);
        if (!Files.isRegularFile(path)) {
            throw args.error("scene '" + nameOrPath + "' is neither a file nor one of the bundled scenes " + BUNDLED);
        }
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return SceneParser.parse(nameOrPath, reader);
        }
    }

    /** The scene at the size {@code N} (square) or {@code WxH}. */
    static Scene resize(Scene scene, String size, Args args) {
        String[] parts = size.split("x", -1);
        try {
            int width = Integer.parseInt(parts[0]);
            int height = parts.length == 2 ? Integer.parseInt(parts[1]) : width;
            if (parts.length > 2 || width <= 0 || height <= 0 || (long) width * height > Integer.MAX_VALUE) {
                throw new NumberFormatException();
            }
            return scene.resized(width, height);
        } catch (NumberFormatException e) {
            throw args.error("argument size must be N or WxH with positive integers, got '" + size + "'");
        }
    }

    static String baseName(String nameOrPath) {
        String file = Path.of(nameOrPath).getFileName().toString();
        return file.endsWith(".nff") ? file.substring(0, file.length() - 4) : file;
    }
}
