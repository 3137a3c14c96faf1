package satin.rewriter.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import satin.rewriter.testing.Samples;

class ClassHierarchyTest {

    private static final String GOOD = "satin/rewriter/samples/good/";

    private final Set<String> requested = new HashSet<>();
    private final ClassHierarchy hierarchy = new ClassHierarchy(name -> {
        requested.add(name);
        List<java.nio.file.Path> cp = new java.util.ArrayList<>(Samples.classPathWithoutSamples());
        cp.add(0, Samples.testClasses());
        try (ClassSource source = ClassSource.ofClassPath(cp)) {
            return source.find(name);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    });

    @Test
    void findsSpawnableMethodsThroughInterfaceAndClassReceivers() {
        assertEquals(Optional.of(GOOD + "Ops"), hierarchy.spawnableDeclaration(GOOD + "Ops", "i", "(I)I"));
        assertEquals(Optional.of(GOOD + "Ops"), hierarchy.spawnableDeclaration(GOOD + "OpsImpl", "i", "(I)I"));
        assertEquals(Optional.empty(), hierarchy.spawnableDeclaration(GOOD + "OpsImpl", "sync", "()V"));
        assertEquals(Optional.empty(), hierarchy.spawnableDeclaration(GOOD + "OpsImpl", "i", "(J)J"));
        assertEquals(Optional.empty(), hierarchy.spawnableDeclaration("java/lang/String", "length", "()I"));
        assertFalse(hierarchy.isSpawnableInterface(ClassHierarchy.SPAWNABLE));
        assertTrue(hierarchy.isSpawnableInterface(GOOD + "Getter"));
    }

    @Test
    void commonSuperClassComesFromClassFiles() {
        assertEquals(ClassHierarchy.SATIN_OBJECT, hierarchy.commonSuperClass(GOOD + "OpsImpl", GOOD + "Tree"));
        assertEquals(GOOD + "OpsImpl", hierarchy.commonSuperClass(GOOD + "OpsImpl", GOOD + "OpsImpl"));
        assertEquals("java/lang/Object", hierarchy.commonSuperClass(GOOD + "Ops", GOOD + "Tree"));
        assertEquals("java/lang/Number", hierarchy.commonSuperClass("java/lang/Integer", "java/lang/Long"));
        assertEquals(GOOD + "Ops", hierarchy.commonSuperClass(GOOD + "Ops", GOOD + "OpsImpl"));
        assertTrue(requested.contains(GOOD + "OpsImpl"), "read through the class source, not loaded");
    }

    @Test
    void missingClassesAreNamed() {
        MissingClassException e = assertThrows(MissingClassException.class,
                () -> hierarchy.commonSuperClass("no/such/Type", "java/lang/String"));
        assertTrue(e.getMessage().contains("no.such.Type"), e.getMessage());
    }
}
