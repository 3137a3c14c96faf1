package satin.runtime.deque;

/** Helpers of the deque stress tests: elements are positive Integers, 0 stands for "nothing". */
final class Elements {

    private Elements() {
    }

    static int id(Integer element) {
        return element == null ? 0 : element;
    }

    /** Pops everything left, as the owner, and returns how many elements there were. */
    static int drain(WorkStealingDeque<Integer> deque) {
        int n = 0;
        while (deque.pop() != null) {
            n++;
        }
        return n;
    }
}
