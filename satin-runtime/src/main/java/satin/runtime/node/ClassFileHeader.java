package satin.runtime.node;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads the names of a class and its superclass from a class file without loading it, so a whole class path
 * can be searched for generated records cheaply and without running any static initializer.
 */
final class ClassFileHeader {

    private ClassFileHeader() {
    }

    /** The internal name of the superclass ({@code a/b/C}), or null for {@code java.lang.Object} or a bad file. */
    static String superName(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(new BufferedInputStream(in, 4096));
        if (data.readInt() != 0xCAFEBABE) {
            return null;
        }
        data.readUnsignedShort();
        data.readUnsignedShort();
        int count = data.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = data.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = data.readUTF();
                case 7 -> classNameIndex[i] = data.readUnsignedShort();
                case 8, 16, 19, 20 -> data.readUnsignedShort();
                case 15 -> {
                    data.readUnsignedByte();
                    data.readUnsignedShort();
                }
                case 3, 4, 9, 10, 11, 12, 17, 18 -> data.readInt();
                case 5, 6 -> {
                    data.readLong();
                    i++;
                }
                default -> {
                    return null;
                }
            }
        }
        data.readUnsignedShort();
        data.readUnsignedShort();
        int superIndex = data.readUnsignedShort();
        return superIndex == 0 ? null : utf8[classNameIndex[superIndex]];
    }
}
