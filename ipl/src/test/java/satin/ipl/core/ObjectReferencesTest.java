package satin.ipl.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import org.junit.jupiter.api.Test;

import satin.ipl.ObjectReferences;

/**
 * Objects of the referenced type travel as the application's references wherever they sit in a graph, and are read
 * back as the reading side's own objects: two Serialization instances stand for two nodes with their own tables.
 */
class ObjectReferencesTest {

    /** The referenced type and a subclass of it. */
    static class Replica {
        int state;
    }

    static final class Counter extends Replica {
    }

    /** A value holding a replica in a field, an array and a list. */
    static final class Holder {
        Replica direct;
        Object[] inArray;
        List<Object> inList;
    }

    /** One node's table: its objects by reference and back. */
    static final class Table implements ObjectReferences {
        final Map<Long, Object> byId = new HashMap<>();
        final Map<Object, Long> ids = new java.util.IdentityHashMap<>();
        int writes;

        void put(long id, Object o) {
            byId.put(id, o);
            ids.put(o, id);
        }

        @Override
        public Class<?> type() {
            return Replica.class;
        }

        @Override
        public Reference write(Object object) {
            writes++;
            Long id = ids.get(object);
            if (id == null) {
                throw new IllegalStateException("no id for it");
            }
            // an object with state 0 needs no attachment; others bring their state (a reader may lack them)
            int state = ((Replica) object).state;
            return new Reference(id, state == 0 ? null : new byte[] {(byte) state});
        }

        @Override
        public Object read(Reference reference, Class<?> type) {
            Object known = byId.get(reference.id());
            if (known == null && reference.attachment() != null) {
                Counter made = new Counter();
                made.state = reference.attachment()[0];
                put(reference.id(), made);
                return made;
            }
            return known;
        }
    }

    private static List<String> classes() {
        return List.of(Replica.class.getName(), Counter.class.getName(), Holder.class.getName());
    }

    @Test
    void aReferencedObjectAnywhereInTheGraphArrivesAsTheReadersOwn() throws Exception {
        ClassLoader loader = getClass().getClassLoader();
        Table writerTable = new Table();
        Table readerTable = new Table();
        Counter here = new Counter();
        here.state = 1;
        Counter there = new Counter();
        there.state = 2;
        writerTable.put(7, here);
        readerTable.put(7, there);
        Holder h = new Holder();
        h.direct = here;
        h.inArray = new Object[] {"x", here};
        h.inList = new ArrayList<>(List.of(here, 3));

        Kryo writer = new Serialization(classes(), loader, writerTable).borrow();
        Output out = new Output(256, -1);
        writer.writeClassAndObject(out, h);
        assertEquals(1, writerTable.writes, "one object met three times is written once (Kryo's references)");
        Kryo reader = new Serialization(classes(), loader, readerTable).borrow();
        Holder read = (Holder) reader.readClassAndObject(new Input(out.toBytes()));
        assertSame(there, read.direct);
        assertSame(there, read.inArray[1]);
        assertSame(there, read.inList.get(0));

        Table empty = new Table();
        Kryo third = new Serialization(classes(), loader, empty).borrow();
        Holder made = (Holder) third.readClassAndObject(new Input(out.toBytes()));
        assertEquals(1, made.direct.state, "resolved from the attachment, where the reader had no object of its own");
        assertSame(made.direct, made.inArray[1]);
        assertSame(empty.byId.get(7L), made.direct);
    }

    @Test
    void theApplicationsRefusalFailsTheWriteNamingItsCause() throws Exception {
        Kryo writer = new Serialization(classes(), getClass().getClassLoader(), new Table()).borrow();
        Holder h = new Holder();
        h.inArray = new Object[] {new Counter()};
        KryoException e = assertThrows(KryoException.class,
                () -> writer.writeClassAndObject(new Output(256, -1), h));
        Throwable cause = e;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertTrue(cause instanceof IllegalStateException && cause.getMessage().equals("no id for it"),
                String.valueOf(cause));
    }

    @Test
    void aReferenceTheReaderCannotResolveFailsTheRead() throws Exception {
        ClassLoader loader = getClass().getClassLoader();
        Table writerTable = new Table();
        Counter c = new Counter(); // state 0: no attachment
        writerTable.put(9, c);
        Output out = new Output(64, -1);
        new Serialization(classes(), loader, writerTable).borrow().writeClassAndObject(out, c);
        Kryo reader = new Serialization(classes(), loader, new Table()).borrow();
        KryoException e = assertThrows(KryoException.class, () -> reader.readClassAndObject(new Input(out.toBytes())));
        assertTrue(e.getMessage().contains("reference 9") && e.getMessage().contains("resolved to null"),
                e.getMessage());
    }
}
