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
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;

import org.objenesis.strategy.StdInstantiatorStrategy;

import satin.ipl.IplException;
import satin.ipl.Location;
import satin.ipl.NodeIdentifier;
import satin.ipl.ReceivePortIdentifier;
import satin.ipl.SendPortIdentifier;

/**
 * Kryo with registration required. The class list is a fixed base (IPL identifiers, common arrays and
 * collections) followed by {@code ipl.serialization.classes} in order, so every node assigns the same ids;
 * its SHA-256 hash is checked when joining the pool and when opening links.
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

    public Serialization(List<String> classNames, ClassLoader loader) throws IplException {
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
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy(
                new StdInstantiatorStrategy()));
        for (Class<?> c : classes) {
            if (c == Location.class) {
                kryo.register(c, new LocationSerializer());
            } else if (c == NodeIdentifier.class) {
                kryo.register(c, new NodeIdentifierSerializer());
            } else if (c == ReceivePortIdentifier.class) {
                kryo.register(c, new PortIdentifierSerializer<>(ReceivePortIdentifier::new,
                        ReceivePortIdentifier::node, ReceivePortIdentifier::name));
            } else if (c == SendPortIdentifier.class) {
                kryo.register(c, new PortIdentifierSerializer<>(SendPortIdentifier::new,
                        SendPortIdentifier::node, SendPortIdentifier::name));
            } else if (BoundedArraySerializers.all().containsKey(c)) {
                kryo.register(c, BoundedArraySerializers.all().get(c));
            } else {
                kryo.register(c);
            }
        }
        return kryo;
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
            return make.apply(kryo.readObject(in, NodeIdentifier.class), in.readString());
        }
    }

    private static final class LocationSerializer extends Serializer<Location> {
        @Override
        public void write(Kryo kryo, Output output, Location l) {
            output.writeString(l.toString());
        }

        @Override
        public Location read(Kryo kryo, Input input, Class<? extends Location> type) {
            return Location.parse(input.readString());
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
            String pool = in.readString();
            String id = in.readString();
            Location location = Location.parse(in.readString());
            String impl = in.readString();
            int n = BoundedArraySerializers.length(in, 1);
            if (n < 0) {
                throw new KryoException("node identifier without an address");
            }
            byte[] a = in.readBytes(n);
            return new NodeIdentifier(pool, id, location, impl, a);
        }
    }
}
