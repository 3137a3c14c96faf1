/** The spawnable method of {@link GameSearch}. Package-private, in the unnamed package, as a quick program is. */
interface GameInter extends satin.Spawnable {
    int search(Heaps position, int depth) throws IllegalPosition;
}
