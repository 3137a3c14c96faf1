/**
 * {@code OriginalCorpus}: runs every program of the original-style corpus one after another in one JVM (one start of
 * a runtime, one pool of nodes), each with its default arguments, so that tests run the whole corpus at the cost of
 * one program start: {@code GameSearch} (this package), {@code satin.samples.corpus.nbody.NBody} and
 * {@code satin.samples.corpus.sat.SatCount} and
 * {@code satin.samples.corpus.phases.Phases}. Their {@code main}s are called as plain methods, on the runtime's worker
 * that runs this one.
 */
@satin.SatinMain
public final class OriginalCorpus {
    private OriginalCorpus() {
    }

    public static void main(String[] args) throws Exception {
        GameSearch.main(new String[0]);
        satin.samples.corpus.nbody.NBody.main(new String[0]);
        satin.samples.corpus.sat.SatCount.main(new String[0]);
        satin.samples.corpus.phases.Phases.main(new String[0]);
    }
}
