package satin.rewriter.samples.shared;

/** Write methods of every shape the bridge must carry: primitives of each width, references, arrays, results. */
public interface TallyWrites extends satin.WriteMethodsInterface {
    int add(int value);

    void note(long big, double fraction, String label, int[] values);

    String rename(String name);
}
