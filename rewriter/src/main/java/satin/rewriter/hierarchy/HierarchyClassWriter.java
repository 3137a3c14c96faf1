package satin.rewriter.hierarchy;

import org.objectweb.asm.ClassWriter;

/** A ClassWriter computing frames from the class-file hierarchy instead of loading classes. */
public final class HierarchyClassWriter extends ClassWriter {

    private final ClassHierarchy hierarchy;

    public HierarchyClassWriter(ClassHierarchy hierarchy) {
        super(COMPUTE_FRAMES);
        this.hierarchy = hierarchy;
    }

    @Override
    protected String getCommonSuperClass(String type1, String type2) {
        return hierarchy.commonSuperClass(type1, type2);
    }
}
