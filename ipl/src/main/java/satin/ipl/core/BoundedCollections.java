package satin.ipl.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.ArraysAsListSerializer;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.PriorityQueueSerializer;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers.JdkImmutableListSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;

/**
 * Kryo's collection and map serializers, but the element count is checked (see {@link LengthGuard})
 * before the collection is presized with it. The wire format is Kryo's own. Kryo's other collection
 * and map serializers (sorted sets and maps, the JDK's immutable sets and maps, enum maps) create an
 * empty collection whatever the count, so they grow only with the elements actually read.
 */
final class BoundedCollections {
    private BoundedCollections() {
    }

    /**
     * The bounded replacement of Kryo's default serializer {@code kryoDefault} if it presizes by the
     * count on the wire, else null.
     */
    static Serializer<?> replacing(Serializer<?> kryoDefault) {
        Class<?> kind = kryoDefault.getClass();
        if (kind == CollectionSerializer.class) {
            return new Collections<>();
        } else if (kind == MapSerializer.class) {
            return new Maps<>();
        } else if (kind == PriorityQueueSerializer.class) {
            return new PriorityQueues();
        } else if (kind == ArraysAsListSerializer.class) {
            return new ArraysAsLists();
        } else if (kind == JdkImmutableListSerializer.class) {
            return new ImmutableLists();
        }
        return null;
    }

    /** Every element takes at least one byte. */
    static final class Collections<T extends Collection<?>> extends CollectionSerializer<T> {
        @Override
        protected T create(Kryo kryo, Input in, Class<? extends T> type, int size) {
            LengthGuard.claim(kryo, in, size, 1, type);
            return super.create(kryo, in, type, size);
        }
    }

    /** Every entry takes at least two bytes, one for the key and one for the value. */
    static final class Maps<T extends Map<?, ?>> extends MapSerializer<T> {
        @Override
        protected T create(Kryo kryo, Input in, Class<? extends T> type, int size) {
            LengthGuard.claim(kryo, in, size, 2, type);
            return super.create(kryo, in, type, size);
        }
    }

    /** Kryo sizes the queue's heap array by the count. */
    static final class PriorityQueues extends PriorityQueueSerializer {
        @Override
        protected PriorityQueue create(Kryo kryo, Input in, Class<? extends PriorityQueue> type, int size) {
            LengthGuard.claim(kryo, in, size, 1, type);
            return super.create(kryo, in, type, size);
        }
    }

    /** Kryo gathers the elements of {@code Arrays.asList} in a list presized by the count. */
    @SuppressWarnings("rawtypes")
    static final class ArraysAsLists extends ArraysAsListSerializer {
        @Override
        protected List create(Kryo kryo, Input in, Class type, int size) {
            LengthGuard.claim(kryo, in, size, 1, type);
            return super.create(kryo, in, type, size);
        }
    }

    /**
     * {@code List.of} lists, in the format of Kryo's serializer for them (which cannot be subclassed):
     * no null elements, gathered in a list presized by the count and then copied into an immutable one.
     */
    static final class ImmutableLists extends CollectionSerializer<List<Object>> {
        ImmutableLists() {
            setElementsCanBeNull(false);
        }

        @Override
        protected List<Object> create(Kryo kryo, Input in, Class<? extends List<Object>> type, int size) {
            LengthGuard.claim(kryo, in, size, 1, type);
            return new ArrayList<>(size);
        }

        @Override
        public List<Object> read(Kryo kryo, Input in, Class<? extends List<Object>> type) {
            List<Object> elements = super.read(kryo, in, type);
            return elements == null ? null : List.copyOf(elements);
        }

        @Override
        protected List<Object> createCopy(Kryo kryo, List<Object> original) {
            return new ArrayList<>(original.size());
        }

        @Override
        public List<Object> copy(Kryo kryo, List<Object> original) {
            return List.copyOf(super.copy(kryo, original));
        }
    }
}
