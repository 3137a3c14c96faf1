package satin.runtime.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.SharedObject;

/** Where a job would carry a shared object as a copy: inside arrays, fields, collections and maps of its values. */
class NestedSharedObjectsTest {

    static final class Counter extends SharedObject {
        private static final long serialVersionUID = 1L;
    }

    static class Holder {
        final Object held;
        transient Object notSent;

        Holder(Object held) {
            this.held = held;
        }
    }

    static final class SubHolder extends Holder {
        SubHolder(Object held) {
            super(held);
        }
    }

    private static Map<String, Object> values(Object... nameValue) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            m.put((String) nameValue[i], nameValue[i + 1]);
        }
        return m;
    }

    @Test
    void aSharedObjectPassedDirectlyIsNoneOfItsBusiness() {
        assertNull(NestedSharedObjects.find(values("target", new Holder(1), "param0", new Counter(), "param1", null)));
        assertNull(NestedSharedObjects.find(values("param0", new int[] {1, 2}, "param1", "text",
                "param2", List.of(1, 2), "param3", Map.of("k", new Holder(new Holder(null))))));
    }

    @Test
    void namesWhereANestedSharedObjectSits() {
        String counter = "a " + Counter.class.getName() + " at ";
        assertEquals(counter + "param1.held", NestedSharedObjects.find(values("param0", 3,
                "param1", new Holder(new Counter()))));
        assertEquals(counter + "param0[1]", NestedSharedObjects.find(values("param0",
                new Object[] {null, new Counter()})));
        assertEquals(counter + "param0.held.<element 1>", NestedSharedObjects.find(values("param0",
                new SubHolder(List.of("a", new Counter())))));
        assertEquals(counter + "target.held.<value>", NestedSharedObjects.find(values("target",
                new Holder(Map.of("k", new Counter())))));
    }

    @Test
    void transientFieldsAndCyclesAreNoProblem() {
        Holder h = new Holder(null);
        h.notSent = new Counter();
        assertNull(NestedSharedObjects.find(values("param0", h)));
        Object[] cycle = new Object[1];
        cycle[0] = cycle;
        assertNull(NestedSharedObjects.find(values("param0", cycle)));
    }
}
