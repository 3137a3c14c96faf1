package satin.runtime.testapps;


/** N-queens on Satin ({@link RewrittenNQueens}), checked against the sequential count. */
public final class NQueensMain {

    private NQueensMain() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long count = new RewrittenNQueens().solve(n, 0, new int[0]);
        long expected = RewrittenNQueens.sequential(n, 0, new int[0]);
        System.out.println("queens " + n + " = " + count + (count == expected ? " (checked)" : " WRONG, expected " + expected));
    }
}
