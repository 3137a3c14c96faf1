package satin.rewriter.samples.shared;

public interface TallyJobs extends satin.Spawnable {
    int count(Tally tally, int from, int to);
}
