package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.runtime.testapps.Hierarchy;
import satin.runtime.testapps.PayloadMain;

/** What the serialization list derives from the program's types, and the names users write. */
class SerializationListTest {

    private static final ClassLoader LOADER = SerializationListTest.class.getClassLoader();
    private static final String H = "satin.runtime.testapps.Hierarchy$";

    private static List<String> list(List<String> register) {
        return SerializationClasses.forProgram(PayloadMain.class, null, LOADER, register);
    }

    @Test
    void everyConcreteProgramTypeAJobMayHoldIsListed() {
        List<String> list = list(List.of());
        for (String type : List.of("AreaRecord", "Shape", "Polygon", "Triangle", "Sphere", "Matte", "Patch", "Vec",
                "Point", "Color", "Holder", "Ring")) {
            assertTrue(list.contains(H + type), type + " in " + list);
        }
        for (String array : List.of("Shape", "Polygon", "Triangle", "Sphere", "Vec")) {
            assertTrue(list.contains("[L" + H + array + ";"), array + "[] in " + list);
        }
        assertFalse(list.contains(H + "Surface"), "abstract: only its subclasses");
        assertFalse(list.stream().anyMatch(n -> n.startsWith(H + "Color$")), "an enum constant's body travels as"
                + " its enum: " + list);
        assertEquals(list, list(List.of()), "the same list every time");
    }

    @Test
    void namedClassesAreTakenInJavasSpellingWithTheirFieldTypes() {
        List<String> list = list(List.of("satin.runtime.testapps.PayloadMain.Secret", "int[][][]",
                "satin.runtime.testapps.Hierarchy.Vec[][]"));
        assertTrue(list.containsAll(List.of("satin.runtime.testapps.PayloadMain$Secret", "[[[I",
                "[[L" + H + "Vec;")), list.toString());
        String error = assertThrows(IllegalArgumentException.class, () -> list(List.of("x.Nowhere[]")))
                .getMessage();
        assertTrue(error.contains("no class 'x.Nowhere[]' on the program's class path (write classes as Java does"),
                error);
    }

    @Test
    void classNamesAreSpelledAsJavaDoesAndReadBackEitherWay() throws Exception {
        assertEquals("satin.runtime.testapps.Hierarchy.Vec[]", ClassNames.spell(Hierarchy.Vec[].class));
        assertEquals("int[][]", ClassNames.spell(int[][].class));
        assertEquals(Hierarchy.Vec[].class, ClassNames.resolve("satin.runtime.testapps.Hierarchy.Vec[]", LOADER));
        assertEquals(Hierarchy.Vec[].class, ClassNames.resolve("[L" + H + "Vec;", LOADER));
        assertEquals(Hierarchy.Vec.class, ClassNames.resolve(H + "Vec", LOADER));
        assertEquals("satin.runtime.testapps.Hierarchy.Vec[]", ClassNames.spellFromKryoMessage(
                "Class is not registered: " + H + "Vec[]\nNote: To register this class use: ...", LOADER));
    }
}
