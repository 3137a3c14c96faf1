package satin.rewriter.samples.good;

/** Another class whose fields receive spawn results. */
class Holder {
    int value;
    static String label;
}
