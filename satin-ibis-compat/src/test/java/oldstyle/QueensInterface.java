package oldstyle;

interface QueensInterface extends satin.Spawnable {
    long solutions(int size, int row, int[] columns);

    String where(int job);
}
