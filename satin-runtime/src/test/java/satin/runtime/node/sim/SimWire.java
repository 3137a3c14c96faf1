package satin.runtime.node.sim;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import satin.ipl.IplException;
import satin.ipl.UnregisteredClassException;
import satin.ipl.core.Serialization;
import satin.runtime.node.wire.BytesMessage;
import satin.runtime.node.wire.Codec;
import satin.runtime.node.wire.Message;

/**
 * The simulated wire: every message a simulated node sends is written by the real {@link Codec} into bytes and read
 * back by it at the receiver, objects (jobs, values) through the IPL's own Kryo configuration
 * ({@link Serialization}: registered classes only, the same field serializers as a run's). Primitives and strings
 * as {@link BytesMessage} writes them (big-endian as {@link DataOutputStream} does), an object a length and Kryo's
 * bytes: the framing is this class's own (the IPL's message framing is the IPL's to test), the content is the protocol's.
 */
final class SimWire {

    private final Serialization serialization;
    private final Codec codec = new Codec(SimWire.class.getClassLoader(), Codec.JobScope.PLAIN);

    SimWire() {
        try {
            serialization = new Serialization(List.of(SumJob.class.getName()), SimWire.class.getClassLoader());
        } catch (IplException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code message} as the bytes the codec writes; a reply's job that cannot be written is a harness error. */
    byte[] encode(Message message) {
        Out out = new Out();
        try {
            Codec.Unwritten unwritten = codec.write(message, out);
            if (unwritten != null) {
                throw new IllegalStateException("a simulated job could not be written: " + unwritten.cause());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + message + ": " + e, e);
        }
        return out.bytes();
    }

    /** The message the codec reads from {@code bytes}. */
    Message decode(byte[] bytes) {
        try {
            return codec.read(new In(bytes));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read a simulated message: " + e, e);
        }
    }

    private final class Out extends BytesMessage.Writer {
        @Override
        public void writeObject(Object v) throws IOException {
            Kryo kryo = serialization.borrow();
            Output o = new Output(64, -1);
            try {
                kryo.writeClassAndObject(o, v);
            } catch (KryoException | IllegalArgumentException e) {
                throw new UnregisteredClassException("cannot serialize " + v + ": " + e.getMessage(), e);
            } finally {
                serialization.release(kryo);
            }
            data().writeInt(o.position());
            data().write(o.getBuffer(), 0, o.position());
        }
    }

    private final class In extends BytesMessage.Reader {
        In(byte[] bytes) {
            super(bytes);
        }

        @Override
        public Object readObject() throws IOException {
            byte[] b = bytes(readInt());
            Kryo kryo = serialization.borrow();
            try {
                return kryo.readClassAndObject(new Input(b));
            } catch (KryoException e) {
                throw new IOException("cannot deserialize: " + e.getMessage(), e);
            } finally {
                serialization.release(kryo);
            }
        }
    }
}
