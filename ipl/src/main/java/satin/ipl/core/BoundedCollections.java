package satin.ipl.core;

import java.util.Collection;
import java.util.Map;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;

/**
 * Kryo's collection and map serializers, but the element count is checked (see {@link LengthGuard})
 * before Kryo presizes the collection with it. The wire format is Kryo's own.
 */
final class BoundedCollections {
    private BoundedCollections() {
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
}
