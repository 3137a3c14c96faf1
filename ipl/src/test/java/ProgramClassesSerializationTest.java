import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import org.junit.jupiter.api.Test;

import satin.ipl.JavaSerialization;
import satin.ipl.core.Serialization;

/**
 * The classes a program writes, as programs write them: in the unnamed package (this test is there on purpose),
 * package-private, nested, inner and anonymous, without a no-argument constructor, and exceptions of the program's
 * own with fields, a cause and a stack trace. Each is written with one node's Kryo and read with another's (a
 * second {@link Serialization} from the same class list, as a second JVM builds it), and arrives as an object of
 * its own class with its state.
 */
class ProgramClassesSerializationTest {

    static final List<String> CLASSES = List.of("ProgramClassesSerializationTest$Cell", "PackagePrivateBoard",
            "ProgramClassesSerializationTest$Pair", "ProgramClassesSerializationTest$Outer",
            "ProgramClassesSerializationTest$Outer$Inner", "ProgramClassesSerializationTest$Counter",
            "ProgramClassesSerializationTest$1", "NoSolution", "[LProgramClassesSerializationTest$Cell;",
            "java.lang.IllegalStateException", "ProgramClassesSerializationTest$Unsendable",
            "ProgramClassesSerializationTest$Holder");

    private final ClassLoader loader = getClass().getClassLoader();

    /** A value class nested in a class of the unnamed package, without a no-argument constructor. */
    static final class Cell {
        final int row;
        final int col;

        Cell(int row, int col) {
            this.row = row;
            this.col = col;
        }
    }

    /** Records have canonical constructors only. */
    record Pair(Cell first, String second) {
    }

    static class Outer {
        int base = 7;

        class Inner {
            int plus(int x) {
                return base + x;
            }
        }
    }

    /** What an anonymous class implements. */
    interface Counter extends IntSupplier, Serializable {
    }

    /** A class whose field refers to something that is not serializable. */
    static final class Unsendable extends RuntimeException {
        final Holder holder = new Holder();
    }

    static final class Holder {
        final List<Object> items = new ArrayList<>(List.of("ok", new Thread("not serializable")));
    }

    private Object roundTrip(Object value) throws Exception {
        Serialization writer = new Serialization(CLASSES, loader);
        Serialization reader = new Serialization(CLASSES, loader); // another node: another Kryo
        Kryo w = writer.borrow();
        Output out = new Output(256, -1);
        w.writeClassAndObject(out, value);
        writer.release(w);
        Kryo r = reader.borrow();
        try {
            return r.readClassAndObject(new Input(out.toBytes()));
        } finally {
            reader.release(r);
        }
    }

    @Test
    void aPackagePrivateClassOfTheUnnamedPackageArrivesWithItsState() throws Exception {
        PackagePrivateBoard board = new PackagePrivateBoard(5);
        board.cells[2] = new Cell(3, 4);
        PackagePrivateBoard copy = (PackagePrivateBoard) roundTrip(board);
        assertEquals(5, copy.cells.length);
        assertEquals(3, copy.cells[2].row);
        assertEquals(4, copy.cells[2].col);
        assertEquals("made by its constructor", copy.madeBy, "the no-argument constructor ran");
    }

    @Test
    void classesWithoutANoArgumentConstructorAndRecordsArrive() throws Exception {
        Pair p = (Pair) roundTrip(new Pair(new Cell(1, 2), "two"));
        assertEquals(1, p.first().row);
        assertEquals(2, p.first().col);
        assertEquals("two", p.second());
    }

    @Test
    void innerAndAnonymousClassesArriveWithTheirOuterInstanceAndCapturedValues() throws Exception {
        Outer outer = new Outer();
        outer.base = 40;
        Outer.Inner inner = outer.new Inner();
        assertEquals(42, ((Outer.Inner) roundTrip(inner)).plus(2));

        Counter anonymous = counterFrom(17);
        assertEquals("ProgramClassesSerializationTest$1", anonymous.getClass().getName());
        assertEquals(18, ((Counter) roundTrip(anonymous)).getAsInt());
    }

    /** Static: the anonymous class captures {@code captured} and no outer instance. */
    private static Counter counterFrom(int captured) {
        return new Counter() {
            @Override
            public int getAsInt() {
                return captured + 1;
            }
        };
    }

    @Test
    void theProgramsOwnExceptionArrivesAsItselfWithFieldsCauseAndStackTrace() throws Exception {
        NoSolution thrown = NoSolution.after(12, new IllegalStateException("board full"));
        Object read = roundTrip(thrown);
        NoSolution copy = assertInstanceOf(NoSolution.class, read);
        assertEquals(12, copy.tried);
        assertEquals(thrown.getMessage(), copy.getMessage());
        IllegalStateException cause = assertInstanceOf(IllegalStateException.class, copy.getCause());
        assertEquals("board full", cause.getMessage());
        assertEquals(thrown.getStackTrace().length, copy.getStackTrace().length);
        assertEquals(thrown.getStackTrace()[0], copy.getStackTrace()[0]);
        assertEquals(1, copy.getSuppressed().length);
        assertEquals("while cleaning up", copy.getSuppressed()[0].getMessage());
        // and as a JDK exception registered by the program
        IllegalStateException jdk = assertInstanceOf(IllegalStateException.class,
                roundTrip(new IllegalStateException("jdk", thrown)));
        assertInstanceOf(NoSolution.class, jdk.getCause());
    }

    @Test
    void whatCannotTravelIsNamedWithItsFieldPath() {
        KryoException e = assertThrows(KryoException.class, () -> roundTrip(new Unsendable()));
        assertTrue(e.getMessage().contains("ProgramClassesSerializationTest$Unsendable cannot travel: "
                + "Unsendable.holder is a ProgramClassesSerializationTest$Holder, which is not Serializable"),
                e.getMessage());
        IOException io = assertThrows(IOException.class, () -> JavaSerialization.write(new Box(new Bag())));
        assertTrue(io.getMessage().contains("Box.held.items[1] is a java.lang.Thread, which is not Serializable"),
                io.getMessage());
    }

    static final class Bag implements Serializable {
        final List<Object> items = new ArrayList<>(List.of("ok", new Thread("not serializable")));
    }

    /** A serializable class whose field holds something that is not. */
    record Box(Object held) implements Serializable {
    }

    @Test
    void aReadNeverInstantiatesAnUnregisteredClassOtherThanAThrowable() throws Exception {
        NoSolution carrying = NoSolution.after(1, null);
        carrying.payload = new java.util.Date(); // neither registered nor a throwable nor a plain JDK value
        KryoException e = assertThrows(KryoException.class, () -> roundTrip(carrying));
        assertTrue(e.getMessage().contains("cannot read a NoSolution: it holds a java.util.Date, a class that may not be read"), e.getMessage());
        assertNotNull(roundTrip(NoSolution.after(2, new ArithmeticException("/ by zero"))));
        assertSame(null, roundTrip(null));
    }
}

/** Package-private, in the unnamed package, with a package-private constructor: what ReflectASM could not make. */
final class PackagePrivateBoard {
    ProgramClassesSerializationTest.Cell[] cells;
    String madeBy;

    PackagePrivateBoard() {
        madeBy = "made by its constructor";
    }

    PackagePrivateBoard(int n) {
        this();
        cells = new ProgramClassesSerializationTest.Cell[n];
    }
}

/** The program's own exception: package-private, no (String) constructor, a field, a cause, a suppressed one. */
final class NoSolution extends Exception {
    final int tried;
    Object payload;

    private NoSolution(int tried, Throwable cause) {
        super("no solution after " + tried + " tries", cause);
        this.tried = tried;
    }

    static NoSolution after(int tried, Throwable cause) {
        NoSolution e = new NoSolution(tried, cause);
        e.addSuppressed(new IllegalArgumentException("while cleaning up"));
        return e;
    }
}
