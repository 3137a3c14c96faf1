/**
 * A position of the take-away game: heaps of stones. Package-private, in the unnamed package, without a no-argument
 * constructor: it travels to another node as a job argument all the same.
 */
final class Heaps {
    final int[] stones;

    Heaps(int... stones) {
        this.stones = stones;
    }

    /** The position after taking {@code take} stones from heap {@code heap}. */
    Heaps after(int heap, int take) {
        int[] next = stones.clone();
        next[heap] -= take;
        return new Heaps(next);
    }

    int total() {
        int t = 0;
        for (int s : stones) {
            t += s;
        }
        return t;
    }

    /** Two equal heaps that are not empty: what the house rule forbids two moves in. */
    boolean twins() {
        for (int i = 0; i < stones.length; i++) {
            for (int j = i + 1; j < stones.length; j++) {
                if (stones[i] != 0 && stones[i] == stones[j]) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return java.util.Arrays.toString(stones);
    }
}
