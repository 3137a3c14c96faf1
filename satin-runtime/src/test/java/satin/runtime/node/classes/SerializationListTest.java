package satin.runtime.node.classes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
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
    void everySharedObjectClassIsListedWithoutWhatItHolds() {
        List<String> list = list(List.of());
        assertTrue(list.contains("satin.runtime.testapps.SharedTally"), list.toString());
        assertFalse(list.contains("java.util.concurrent.atomic.AtomicLong"), "it travels as a reference: " + list);
    }

    @Test
    void everyListedClassCanBeRegisteredWithKryoAndCommonValuesTravel() throws Exception {
        List<String> list = list(List.of());
        satin.ipl.core.Serialization serialization = new satin.ipl.core.Serialization(list, LOADER);
        com.esotericsoftware.kryo.Kryo kryo = serialization.borrow();
        try {
            for (Object value : List.of(List.of(1, 2), List.of(1, 2, 3), Set.of("a"), Set.of("a", "b", "c"),
                    Map.of("k", 1), Map.of("a", 1, "b", 2), java.util.Arrays.asList("x", "y"),
                    java.util.EnumSet.of(Hierarchy.Color.GREEN),
                    new java.util.ArrayDeque<>(List.of(3)), new java.util.TreeMap<>(Map.of("t", 2L)))) {
                com.esotericsoftware.kryo.io.Output out = new com.esotericsoftware.kryo.io.Output(256, -1);
                kryo.writeClassAndObject(out, value);
                Object back = kryo.readClassAndObject(new com.esotericsoftware.kryo.io.Input(out.toBytes()));
                assertEquals(value.getClass(), back.getClass());
                assertEquals(value instanceof java.util.ArrayDeque<?> d ? List.copyOf(d) : value,
                        back instanceof java.util.ArrayDeque<?> d ? List.copyOf(d) : back, value.getClass().getName());
            }
        } finally {
            serialization.release(kryo);
        }
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
