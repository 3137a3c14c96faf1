package satin.apps.gametree;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The board's size and what follows from it: the bit of each column's bottom and top cell, the order in which moves
 * are tried (centre columns first: they take part in the most lines, so good moves come early and alpha-beta prunes
 * more), and every line of four cells as a bit mask for the evaluation. Computed once per game and carried by every
 * {@link Position} of it.
 */
public record Geometry(int width, int height, int[] moveOrder, long[] lines) implements Serializable {

    public static final int MIN_SIZE = 4;
    public static final int MAX_WIDTH = 7;
    public static final int MAX_HEIGHT = 6;

    /** The geometry of a {@code width} x {@code height} board (4-7 columns, 4-6 rows). */
    public static Geometry of(int width, int height) {
        if (width < MIN_SIZE || width > MAX_WIDTH || height < MIN_SIZE || height > MAX_HEIGHT) {
            throw new IllegalArgumentException("a board has " + MIN_SIZE + "-" + MAX_WIDTH + " columns and "
                    + MIN_SIZE + "-" + MAX_HEIGHT + " rows, got " + width + "x" + height);
        }
        int[] order = new int[width];
        for (int i = 0; i < width; i++) {
            // centre first, then alternately left and right of it: 3 2 4 1 5 0 6 on 7 columns
            order[i] = width / 2 + (1 - 2 * (i % 2)) * ((i + 1) / 2);
        }
        List<Long> lines = new ArrayList<>();
        int[][] directions = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
        for (int column = 0; column < width; column++) {
            for (int row = 0; row < height; row++) {
                for (int[] d : directions) {
                    int endColumn = column + 3 * d[0];
                    int endRow = row + 3 * d[1];
                    if (endColumn < width && endRow >= 0 && endRow < height) {
                        long line = 0;
                        for (int k = 0; k < 4; k++) {
                            line |= 1L << ((column + k * d[0]) * (height + 1) + row + k * d[1]);
                        }
                        lines.add(line);
                    }
                }
            }
        }
        return new Geometry(width, height, order, lines.stream().mapToLong(Long::longValue).toArray());
    }

    long bottomCell(int column) {
        return 1L << (column * (height + 1));
    }

    long topCell(int column) {
        return 1L << (column * (height + 1) + height - 1);
    }

    /** Whether the stones {@code stones} hold four in a row: vertically, horizontally or on either diagonal. */
    boolean fourInARow(long stones) {
        int h = height + 1;
        for (int shift : new int[] {1, h, h - 1, h + 1}) {
            long pairs = stones & (stones >> shift);
            if ((pairs & (pairs >> (2 * shift))) != 0) {
                return true;
            }
        }
        return false;
    }
}
