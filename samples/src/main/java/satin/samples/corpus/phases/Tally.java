package satin.samples.corpus.phases;

/** What a sweep adds up: a checksum of its leaves, and how many leaves ran elsewhere or saw another object. */
final class Tally {
    final long checksum;
    final int foreign;
    final int otherReplica;

    Tally(long checksum, int foreign, int otherReplica) {
        this.checksum = checksum;
        this.foreign = foreign;
        this.otherReplica = otherReplica;
    }

    Tally plus(Tally t) {
        return new Tally(checksum + t.checksum, foreign + t.foreign, otherReplica + t.otherReplica);
    }
}
