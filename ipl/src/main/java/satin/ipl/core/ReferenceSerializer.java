package satin.ipl.core;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import satin.ipl.ObjectReferences;

/**
 * Writes an object of a registered class that {@link ObjectReferences#type()} covers as the reference the application
 * gives for it, and reads the reference back as the application's object. Kryo's reference tracking still applies
 * around it, so an object met twice in one graph is written once. The application's exceptions become
 * {@link KryoException}s (with the exception as the cause), which the message writer and reader report as failures of
 * that one object.
 */
final class ReferenceSerializer extends Serializer<Object> {

    private final ObjectReferences references;

    ReferenceSerializer(ObjectReferences references) {
        this.references = references;
    }

    @Override
    public void write(Kryo kryo, Output out, Object object) {
        ObjectReferences.Reference reference;
        try {
            reference = references.write(object);
        } catch (RuntimeException e) {
            throw new KryoException(object.getClass().getName() + " cannot travel as a reference: " + e.getMessage(),
                    e);
        }
        out.writeLong(reference.id());
        byte[] attachment = reference.attachment();
        out.writeVarInt(attachment == null ? 0 : attachment.length + 1, true);
        if (attachment != null) {
            out.writeBytes(attachment);
        }
    }

    @Override
    public Object read(Kryo kryo, Input in, Class<?> type) {
        long id = in.readLong();
        int length = in.readVarInt(true) - 1;
        // a length beyond the message fails in the reader's BoundedInput before anything is allocated
        ObjectReferences.Reference reference = new ObjectReferences.Reference(id,
                length < 0 ? null : in.readBytes(length));
        Object object;
        try {
            object = references.read(reference, type);
        } catch (RuntimeException e) {
            throw new KryoException("reference " + id + " to a " + type.getName() + " cannot be resolved here: "
                    + e.getMessage(), e);
        }
        if (!type.isInstance(object)) {
            throw new KryoException("reference " + id + " to a " + type.getName() + " resolved to "
                    + (object == null ? "null" : "a " + object.getClass().getName()));
        }
        return object;
    }
}
