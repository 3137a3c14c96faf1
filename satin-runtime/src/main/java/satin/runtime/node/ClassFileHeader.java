package satin.runtime.node;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The names of a class's superclass and interfaces, read from its class file without loading it, so a whole
 * class path can be searched for generated records and for the implementations of user types cheaply and
 * without running any static initializer.
 *
 * @param superName  internal name of the superclass ({@code a/b/C}), null for {@code java.lang.Object}
 * @param interfaces internal names of the directly implemented interfaces
 */
record ClassFileHeader(String superName, List<String> interfaces) {

    /** The header of a class file, or null when it is not a class file this reader understands. */
    static ClassFileHeader read(InputStream in) throws IOException {
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
        int interfaceCount = data.readUnsignedShort();
        List<String> interfaces = new ArrayList<>(interfaceCount);
        for (int i = 0; i < interfaceCount; i++) {
            interfaces.add(utf8[classNameIndex[data.readUnsignedShort()]]);
        }
        return new ClassFileHeader(superIndex == 0 ? null : utf8[classNameIndex[superIndex]], interfaces);
    }
}
