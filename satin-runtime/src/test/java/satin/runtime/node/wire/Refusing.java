package satin.runtime.node.wire;

import java.io.IOException;
import java.nio.ByteBuffer;
import satin.ipl.UnregisteredClassException;
import satin.ipl.WriteMessage;

/**
 * A write message that refuses objects of classes outside a serialization list, as the IPL's does: an
 * {@link UnregisteredClassException} naming the class, and nothing of the object written.
 */
class Refusing implements WriteMessage {

    /** A job of a class that is not listed. */
    static final class Unlisted extends satin.contract.InvocationRecord {
        @Override
        protected void execute() {
        }

        @Override
        public Object boxedResult() {
            return null;
        }

        @Override
        public void boxedResult(Object value) {
        }
    }

    @Override
    public void writeObject(Object v) throws IOException {
        throw new UnregisteredClassException("class " + v.getClass().getName() + " is not registered", null);
    }

    /** Writes into {@code into}, refusing what {@link BytesMessage} has no format for. */
    static final class Over extends Refusing {
        private final BytesMessage.Writer into;

        Over(BytesMessage.Writer into) {
            this.into = into;
        }

        @Override
        public void writeObject(Object v) throws IOException {
            if (v == null || v instanceof Long || v instanceof String || v instanceof byte[]
                    || v instanceof BytesMessage.Job) {
                into.writeObject(v);
            } else {
                super.writeObject(v);
            }
        }

        @Override
        public void writeBoolean(boolean v) throws IOException {
            into.writeBoolean(v);
        }

        @Override
        public void writeByte(byte v) throws IOException {
            into.writeByte(v);
        }

        @Override
        public void writeInt(int v) throws IOException {
            into.writeInt(v);
        }

        @Override
        public void writeLong(long v) throws IOException {
            into.writeLong(v);
        }

        @Override
        public void writeString(String v) throws IOException {
            into.writeString(v);
        }

        @Override
        public void writeArray(long[] v) throws IOException {
            into.writeArray(v);
        }
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
    }

    @Override
    public void writeByte(byte v) throws IOException {
    }

    @Override
    public void writeChar(char v) throws IOException {
    }

    @Override
    public void writeShort(short v) throws IOException {
    }

    @Override
    public void writeInt(int v) throws IOException {
    }

    @Override
    public void writeLong(long v) throws IOException {
    }

    @Override
    public void writeFloat(float v) throws IOException {
    }

    @Override
    public void writeDouble(double v) throws IOException {
    }

    @Override
    public void writeString(String v) throws IOException {
    }

    @Override
    public void writeArray(byte[] v) throws IOException {
    }

    @Override
    public void writeArray(byte[] v, int offset, int length) throws IOException {
    }

    @Override
    public void writeArray(int[] v) throws IOException {
    }

    @Override
    public void writeArray(long[] v) throws IOException {
    }

    @Override
    public void writeArray(double[] v) throws IOException {
    }

    @Override
    public void writeByteBuffer(ByteBuffer v) throws IOException {
    }

    @Override
    public long bytesWritten() {
        return 0;
    }

    @Override
    public long finish() {
        return 0;
    }
}
