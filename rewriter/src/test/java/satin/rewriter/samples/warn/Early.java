package satin.rewriter.samples.warn;

import satin.SatinObject;

/** Reads a spawn result before sync() on one path; the rewriter warns but rewrites. */
public class Early extends SatinObject implements Half {

    public int half(int v) {
        return v / 2;
    }

    public int early(boolean flag) {
        int x = half(10);
        if (flag) {
            sync();
        }
        int y = x + 1; // WARNING read before sync
        sync();
        return x + y; // no warning: synced on every path
    }

    public static void main(String[] args) {
        System.out.println("early=" + new Early().early(true));
    }
}
