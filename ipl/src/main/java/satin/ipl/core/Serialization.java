package satin.ipl.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.SerializerFactory.FieldSerializerFactory;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;

import satin.ipl.IplException;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.ObjectReferences;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPortIdentifier;

/**
 * Kryo with registration required. The class list is a fixed base (IPL identifiers, common arrays and
 * collections) followed by {@code ipl.serialization.classes} in order, so every node assigns the same ids;
 * its SHA-256 hash is checked when joining the pool and when opening links. Reading is hardened against
 * hostile or corrupt messages read from a {@link BoundedInput}: every length on the wire is checked before
 * it is allocated, nesting is capped, and a read fails only with a {@link KryoException} naming the cause.
 */
public final class Serialization {
    private static final List<Class<?>> BASE = List.of(
            byte[].class, boolean[].class, char[].class, short[].class, int[].class, long[].class,
            float[].class, double[].class, String[].class, Object[].class, int[][].class, double[][].class,
            ArrayList.class, HashMap.class, Location.class, NodeIdentifier.class,
            ReceivePortIdentifier.class, SendPortIdentifier.class);

    private final List<Class<?>> classes;
    private final byte[] hash;
    private final Pool<Kryo> pool;
    /** Objects that travel as references, or null. */
    private final ObjectReferences references;

    public Serialization(List<String> classNames, ClassLoader loader) throws IplException {
        this(classNames, loader, null);
    }

    /**
     * @param references objects of registered classes it covers travel as references (see {@link ObjectReferences});
     *                   null: none
     */
    public Serialization(List<String> classNames, ClassLoader loader, ObjectReferences references)
            throws IplException {
        this.references = references;
        List<Class<?>> all = new ArrayList<>(BASE);
        for (String name : classNames) {
            try {
                all.add(Class.forName(name, false, loader));
            } catch (ClassNotFoundException e) {
                throw new IplException("class '" + name + "' in ipl.serialization.classes is not on the class path");
            }
        }
        this.classes = List.copyOf(all);
        this.hash = digest(classes);
        this.pool = new Pool<>(true, false, 64) {
            @Override
            protected Kryo create() {
                return newKryo();
            }
        };
    }

    public byte[] hash() {
        return hash.clone();
    }

    public Kryo borrow() {
        return pool.obtain();
    }

    public void release(Kryo kryo) {
        pool.free(kryo);
    }

    private Kryo newKryo() {
        Kryo kryo = new GuardedKryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new ProgramInstantiators());
        kryo.setDefaultSerializer(programFields());
        kryo.register(String.class, new BoundedStrings());
        for (Class<?> c : classes) {
            kryo.register(c, references != null && !c.isArray() && references.type().isAssignableFrom(c)
                    ? new ReferenceSerializer(references) : serializerFor(kryo, c));
        }
        return kryo;
    }

    /**
     * Kryo's field serializer, configured for every class a program can write: the synthetic fields of nested and
     * anonymous classes (the outer instance, captured variables) travel too, since the object is not whole without
     * them; transient fields are left alone (this Kryo never copies), so their classes' privacy does not matter.
     */
    private static FieldSerializerFactory programFields() {
        FieldSerializerFactory fields = new FieldSerializerFactory();
        fields.getConfig().setIgnoreSyntheticFields(false);
        fields.getConfig().setCopyTransient(false);
        return fields;
    }

    /**
     * Every serializer that sizes a container by a length from the wire is a bounded one, so no message
     * can make a node allocate more than a small multiple of the message's own size (see
     * {@link LengthGuard}). Kryo's serializers that read a string, bytes or a primitive array by such a
     * length are left as they are: the message reader's {@link BoundedInput} checks those reads.
     */
    private static Serializer<?> serializerFor(Kryo kryo, Class<?> c) {
        if (c == Location.class) {
            return new LocationSerializer();
        } else if (c == NodeIdentifier.class) {
            return new NodeIdentifierSerializer();
        } else if (c == ReceivePortIdentifier.class) {
            return new PortIdentifierSerializer<>(ReceivePortIdentifier::new, ReceivePortIdentifier::node,
                    ReceivePortIdentifier::name);
        } else if (c == SendPortIdentifier.class) {
            return new PortIdentifierSerializer<>(SendPortIdentifier::new, SendPortIdentifier::node,
                    SendPortIdentifier::name);
        } else if (c.isArray()) {
            return BoundedArraySerializers.forArray(kryo, c);
        } else if (Throwable.class.isAssignableFrom(c)) {
            return new ThrowableSerializer();
        }
        Serializer<?> kryoDefault = kryo.getDefaultSerializer(c);
        Serializer<?> bounded = BoundedCollections.replacing(kryoDefault);
        return bounded != null ? bounded : kryoDefault;
    }

    /** A string an identifier cannot do without. */
    private static String required(Kryo kryo, Input in, Class<?> of, String field) {
        String s = BoundedStrings.read(kryo, in);
        if (s == null) {
            throw new KryoException(of.getSimpleName() + " without " + field);
        }
        return s;
    }

    private static byte[] digest(List<Class<?>> classes) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Class<?> c : classes) {
                md.update(c.getName().getBytes(StandardCharsets.UTF_8));
                md.update((byte) ',');
            }
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Port identifiers are a node identifier plus a name. */
    private static final class PortIdentifierSerializer<T> extends Serializer<T> {
        private final java.util.function.BiFunction<NodeIdentifier, String, T> make;
        private final java.util.function.Function<T, NodeIdentifier> node;
        private final java.util.function.Function<T, String> name;

        PortIdentifierSerializer(java.util.function.BiFunction<NodeIdentifier, String, T> make,
                java.util.function.Function<T, NodeIdentifier> node, java.util.function.Function<T, String> name) {
            this.make = make;
            this.node = node;
            this.name = name;
        }

        @Override
        public void write(Kryo kryo, Output out, T id) {
            kryo.writeObject(out, node.apply(id));
            out.writeString(name.apply(id));
        }

        @Override
        public T read(Kryo kryo, Input in, Class<? extends T> type) {
            Object node = kryo.readObject(in, NodeIdentifier.class);
            if (!(node instanceof NodeIdentifier n)) {
                throw new KryoException(type.getSimpleName() + " whose node is not a node identifier but "
                        + (node == null ? "null" : "a " + node.getClass().getName()));
            }
            return make.apply(n, required(kryo, in, type, "a name"));
        }
    }

    private static final class LocationSerializer extends Serializer<Location> {
        @Override
        public void write(Kryo kryo, Output output, Location l) {
            output.writeString(l.toString());
        }

        @Override
        public Location read(Kryo kryo, Input input, Class<? extends Location> type) {
            return Location.parse(required(kryo, input, Location.class, "text"));
        }
    }

    private static final class NodeIdentifierSerializer extends Serializer<NodeIdentifier> {
        @Override
        public void write(Kryo kryo, Output out, NodeIdentifier n) {
            out.writeString(n.pool());
            out.writeString(n.id());
            out.writeString(n.location().toString());
            out.writeString(n.implementation());
            byte[] a = n.address();
            out.writeVarInt(a.length + 1, true);
            out.writeBytes(a);
        }

        @Override
        public NodeIdentifier read(Kryo kryo, Input in, Class<? extends NodeIdentifier> type) {
            String pool = required(kryo, in, NodeIdentifier.class, "a pool");
            String id = required(kryo, in, NodeIdentifier.class, "an id");
            Location location = Location.parse(required(kryo, in, NodeIdentifier.class, "a location"));
            String impl = required(kryo, in, NodeIdentifier.class, "an implementation");
            int n = LengthGuard.arrayLength(kryo, in, 1, NodeIdentifier.class);
            if (n < 0) {
                throw new KryoException("node identifier without an address");
            }
            byte[] a = in.readBytes(n);
            return new NodeIdentifier(pool, id, location, impl, a);
        }
    }
}
