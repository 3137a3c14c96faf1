package satin.runtime.deque;

/**
 * The two indices of {@link WorkStealingDeque}, {@code top} (written by thieves) and {@code bottom} (written by
 * the owner), each with 128 bytes of padding on both sides, so that neither shares a cache line with the other or
 * with anything else: a cache line is 64 bytes, and x86 processors fetch lines in adjacent pairs.
 *
 * <p>The padding is a chain of superclasses because HotSpot lays out a superclass's fields before its subclass's,
 * whereas inside one class it orders fields as it likes (grouped by size, gaps filled), so padding declared
 * around a field in the same class is not guaranteed to stay around it. Each class here declares one thing:
 * padding, {@code top}, padding, {@code bottom}, padding. {@code DequeLayoutTest} in satin-stress checks the
 * resulting offsets with JOL.
 */
abstract class PaddedIndices extends BottomIndex {
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** Padding before {@code top}: away from the object header and from whatever object precedes this one. */
abstract class TopPadding {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The index of the oldest element; see {@link WorkStealingDeque}. */
abstract class TopIndex extends TopPadding {
    long top;
}

/** Padding between {@code top} and {@code bottom}. */
abstract class IndexPadding extends TopIndex {
    @SuppressWarnings("unused")
    private long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}

/** One past the index of the newest element; see {@link WorkStealingDeque}. */
abstract class BottomIndex extends IndexPadding {
    long bottom;
}
