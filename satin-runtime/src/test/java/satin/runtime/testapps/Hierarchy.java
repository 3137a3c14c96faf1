package satin.runtime.testapps;

import java.util.List;
import java.util.Map;
import satin.contract.InvocationRecord;
import satin.contract.Rewritten;

/**
 * Program types of the shapes user programs have: a concrete base class with subclasses two levels deep, arrays of
 * them, an abstract class, generic containers of program types, a generic program class, a record and an enum with
 * a constant body; and a record class, written in the rewriter's shape, whose fields and call hold them. The
 * serialization list must contain every concrete class here (and nothing of the enum's constant body).
 */
public final class Hierarchy {

    private Hierarchy() {
    }

    /** A concrete base class: a field of this type may hold any subclass. */
    public static class Shape {
        public Vec center = new Vec();

        /** Reached only through the call's generic parameter type (the record's field is erased to List). */
        public int area(List<Ring> rings) {
            return rings.size();
        }
    }

    public static class Polygon extends Shape {
        public Vec[] points = new Vec[0];
    }

    public static final class Triangle extends Polygon {
    }

    public static final class Sphere extends Shape {
        public double radius;
    }

    public abstract static class Surface {
    }

    public static final class Matte extends Surface {
        public Patch patch;
    }

    public static final class Patch {
        public Vec normal;
    }

    public static final class Ring {
        public double inner;
    }

    public static final class Vec {
        public double x;
        public double y;
        public double z;
    }

    public record Point(int x, int y) {
    }

    public enum Color {
        RED,
        GREEN {
            @Override
            public String toString() {
                return "green";
            }
        }
    }

    public static final class Holder<T> {
        public T value;
    }

    /** A record in the rewriter's shape: the call {@code target.area(rings)}, with more program types to carry. */
    @Rewritten(1)
    public static final class AreaRecord extends InvocationRecord {
        public Shape target;
        @SuppressWarnings("rawtypes")
        public List a0;
        public Shape[] shapes;
        public List<Surface> surfaces;
        public Map<String, Vec[]> table;
        public Point point;
        public Color color;
        public Holder<Patch> holder;
        public int result;

        @Override
        @SuppressWarnings("unchecked")
        protected void execute() {
            result = target.area(a0);
        }

        @Override
        public Object boxedResult() {
            return result;
        }

        @Override
        public void boxedResult(Object value) {
            result = (Integer) value;
        }
    }
}
