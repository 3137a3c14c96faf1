package satin.apps.raytracer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class SceneParserTest {

    private static final String VIEW = "v\nfrom 0 0 -5\nat 0 0 0\nup 0 1 0\nangle 40\nhither 1\n";

    private static Scene parse(String text) throws IOException {
        return SceneParser.parse("test.nff", new StringReader(text));
    }

    @Test
    void readsEveryKindOfPrimitive() throws IOException {
        Scene scene = parse("b 0.1 0.2 0.3\n" + VIEW + "resolution 64x32\n# a comment\nl 1 2 3\nl 4 5 6 0.5 0.5 0.5\n"
                + "f 1 0 0 1 0 1 0 1\ns 0 0 0 1\np 3 \n0 0 0\n1 0 0\n0 1 0\n\n"
                + "pp 3\n0 0 1 0 0 1\n1 0 1 0 0 1\n0 1 1 0 0 1\nc 0 0 0 1 0 1 0 0.5\n");
        assertEquals(64, scene.camera().width());
        assertEquals(32, scene.camera().height());
        assertEquals(new Vec3(0.1, 0.2, 0.3), scene.background());
        assertEquals(2, scene.lightCount());
        assertEquals(4, scene.primitiveCount());
    }

    @Test
    void unknownCommandNamesTheLine() {
        IOException e = assertThrows(IOException.class, () -> parse(VIEW + "resolution 8 8\nz 1 2 3\n"));
        assertTrue(e.getMessage().startsWith("test.nff:8: unknown NFF command 'z'"), e.getMessage());
    }

    @Test
    void truncatedPolygonIsAnError() {
        IOException e = assertThrows(IOException.class, () -> parse(VIEW + "resolution 8 8\np 4\n0 0 0\n1 0 0\n"));
        assertTrue(e.getMessage().contains("polygon ends after 2 of 4 vertices"), e.getMessage());
    }

    @Test
    void badNumbersAndMissingViewpointAreErrors() {
        IOException number = assertThrows(IOException.class, () -> parse(VIEW + "resolution 8 8\ns 0 0 zero 1\n"));
        assertTrue(number.getMessage().contains("not a number: 'zero'"), number.getMessage());
        IOException view = assertThrows(IOException.class, () -> parse("s 0 0 0 1\n"));
        assertTrue(view.getMessage().contains("'from', 'at' and 'resolution'"), view.getMessage());
        IOException radius = assertThrows(IOException.class, () -> parse(VIEW + "resolution 8 8\ns 0 0 0 -1\n"));
        assertTrue(radius.getMessage().contains("positive"), radius.getMessage());
    }
}
