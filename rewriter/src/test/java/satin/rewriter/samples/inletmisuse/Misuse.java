package satin.rewriter.samples.inletmisuse;

/**
 * Inlet forms the rewriter refuses; each line marked MISUSE is an error, and the one marked STRICT only with
 * {@code --strict-inlets} (by default a warning).
 */
public class Misuse extends satin.SatinObject implements Calls {

    @Override
    public int call(int n) throws Failure {
        if (n < 0) {
            throw new Failure();
        }
        return n;
    }

    int valueReturn() {
        int r = 0;
        try {
            r = call(1);
        } catch (Failure f) {
            return -1; // STRICT value return
        }
        sync();
        return r;
    }

    int syncInInlet() {
        int r = 0;
        try {
            r = call(1);
        } catch (Failure f) {
            sync(); // MISUSE sync in inlet
            r = 2;
        }
        sync();
        return r;
    }
}
