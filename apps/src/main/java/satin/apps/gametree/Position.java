package satin.apps.gametree;

import java.io.Serializable;

/**
 * A Connect Four position as two bitboards: {@code current} holds the stones of the player to move, {@code mask}
 * every stone. Column {@code c} occupies bits {@code c*(height+1) .. c*(height+1)+height-1}, bottom first; the extra
 * bit on top of each column stays empty, so a shift by one column never carries a stone into the next column and the
 * four-in-a-row tests below are four shifts and ands. Immutable: a move makes a new position.
 */
public record Position(Geometry geometry, long current, long mask, int moves) implements Serializable {

    /** The empty board. */
    public static Position empty(Geometry geometry) {
        return new Position(geometry, 0L, 0L, 0);
    }

    /** Whether column {@code column} has room for a stone. */
    public boolean canPlay(int column) {
        return (mask & geometry.topCell(column)) == 0;
    }

    /** The position after the player to move drops a stone into {@code column} (which must have room). */
    public Position play(int column) {
        long next = mask | (mask + geometry.bottomCell(column));
        return new Position(geometry, current ^ mask, next, moves + 1);
    }

    /** The position after the moves given as column digits, e.g. {@code "4453"} (columns numbered from 1). */
    public Position playAll(String columns) {
        Position p = this;
        for (int i = 0; i < columns.length(); i++) {
            int column = columns.charAt(i) - '1';
            if (column < 0 || column >= geometry.width() || !p.canPlay(column)) {
                throw new IllegalArgumentException("move " + (i + 1) + " of '" + columns + "' is not playable");
            }
            if (p.lostByMover()) {
                throw new IllegalArgumentException("the game of '" + columns + "' ended before move " + (i + 1));
            }
            p = p.play(column);
        }
        return p;
    }

    /** Whether the player who made the last move has four in a row (so the player to move has lost). */
    public boolean lostByMover() {
        return geometry.fourInARow(current ^ mask);
    }

    /** Whether every cell is filled. */
    public boolean full() {
        return moves == geometry.width() * geometry.height();
    }
}
