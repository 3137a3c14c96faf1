package satin.rewriter.transform;

import java.util.ArrayList;
import org.objectweb.asm.Attribute;
import org.objectweb.asm.ByteVector;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.tree.ClassNode;

/**
 * The class file as it was before rewriting, carried inside the rewritten class as a class attribute of its own
 * ({@value #NAME}), which the JVM skips like any attribute it does not know. It lets a later rewriter of another
 * output format rewrite the class again from what javac made, whichever way the class reached it (a class directory
 * an incremental build kept, a jar, a class loaded under the agent), with nothing kept beside it. Generated records
 * carry none: their host's new rewrite generates them again.
 */
public final class OriginalClassFile extends Attribute {

    /** The attribute's name in the class file. */
    public static final String NAME = "satin.OriginalClassFile";

    /** The prototype to pass to {@link ClassReader#accept(org.objectweb.asm.ClassVisitor, Attribute[], int)}. */
    public static final Attribute PROTOTYPE = new OriginalClassFile(null);

    private final byte[] bytes;

    private OriginalClassFile(byte[] bytes) {
        super(NAME);
        this.bytes = bytes;
    }

    /** Attaches {@code original} to {@code node}, which is about to be written as its rewritten form. */
    public static void attach(ClassNode node, byte[] original) {
        if (node.attrs == null) {
            node.attrs = new ArrayList<>();
        }
        node.attrs.removeIf(a -> NAME.equals(a.type));
        node.attrs.add(new OriginalClassFile(original.clone()));
    }

    /** The original carried by a class read with {@link #PROTOTYPE}, or null. */
    public static byte[] of(ClassNode node) {
        if (node.attrs != null) {
            for (Attribute a : node.attrs) {
                if (a instanceof OriginalClassFile original && original.bytes != null) {
                    return original.bytes.clone();
                }
            }
        }
        return null;
    }

    @Override
    protected Attribute read(ClassReader reader, int offset, int length, char[] buffer, int codeOffset,
                             Label[] labels) {
        byte[] content = new byte[length];
        for (int i = 0; i < length; i++) {
            content[i] = (byte) reader.readByte(offset + i);
        }
        return new OriginalClassFile(content);
    }

    @Override
    protected ByteVector write(ClassWriter writer, byte[] code, int codeLength, int maxStack, int maxLocals) {
        return new ByteVector(bytes.length).putByteArray(bytes, 0, bytes.length);
    }
}
