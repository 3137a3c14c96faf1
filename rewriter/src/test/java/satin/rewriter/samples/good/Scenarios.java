package satin.rewriter.samples.good;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Spawn scenarios run both unrewritten (the sequential oracle, in the test JVM) and rewritten (in a fresh JVM);
 * the test compares the printed {@code name=value} lines. Not a SatinObject: all spawns here come from
 * another class, through interface and class receivers, in static and instance methods.
 */
public class Scenarios {

    private final OpsImpl impl = new OpsImpl();
    private final Ops ops = impl;

    private boolean fz;
    private byte fb;
    private char fc;
    private short fs;
    private int fi;
    private long fj;
    private float ff;
    private double fd;
    private String fstr;
    private static long sj;
    private static double sd;
    private static String sstr;

    public static Map<String, String> run() {
        Map<String, String> out = new LinkedHashMap<>();
        Scenarios s = new Scenarios();
        out.put("locals", s.locals());
        out.put("arrays", s.arrays());
        out.put("fields", s.fields());
        out.put("statics", statics(new OpsImpl()));
        out.put("otherObject", s.otherObject());
        out.put("void", s.voids());
        out.put("loop1000", s.loop1000());
        out.put("syncPerIteration", s.syncPerIteration());
        out.put("generic", s.generic());
        out.put("exception", s.exception());
        out.put("exceptionPropagates", s.exceptionPropagates());
        out.put("fib", fibAndSum());
        out.put("fanOut", fanOut());
        out.put("slotReuse", s.slotReuse());
        out.put("overwrite", s.overwrite());
        out.put("mixedArgs", s.mixedArgs());
        out.put("discarded", s.discarded());
        out.put("extras", Extras.run());
        out.put("flow", Flow.run());
        out.put("staticInit", Long.toString(StaticInit.VALUE) + "," + StaticInit.FINAL);
        out.put("constructors", Structure.run());
        out.put("knapsack", Knapsack.run());
        out.put("sums", Sums.run());
        return out;
    }

    public static void main(String[] args) {
        run().forEach((k, v) -> System.out.println(k + "=" + v));
    }

    static String fibAndSum() {
        Tree tree = new Tree();
        long fib = tree.fib(18);
        long sum = tree.sum(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 0, 11);
        tree.sync();
        return fib + "," + sum;
    }

    static String fanOut() {
        Tree tree = new Tree();
        long all = tree.fanOut(11);
        tree.sync();
        return Long.toString(all);
    }

    String locals() {
        boolean z = ops.z(true);
        byte b = ops.b((byte) 7);
        char c = ops.c('a');
        short sh = impl.s((short) 21);
        long j = ops.j(3);
        int i = impl.i(14);
        float f = ops.f(5f);
        double d = ops.d(4.0);
        String str = ops.str("hi");
        int[] arr = ops.arr(4);
        impl.sync();
        return z + "," + b + "," + c + "," + sh + "," + i + "," + j + "," + f + "," + d + "," + str + "," + arr.length;
    }

    String arrays() {
        boolean[] z = new boolean[2];
        byte[] b = new byte[2];
        char[] c = new char[2];
        short[] sh = new short[2];
        int[] i = new int[2];
        long[] j = new long[2];
        float[] f = new float[2];
        double[] d = new double[2];
        String[] str = new String[2];
        int[][] nested = new int[2][];
        Object[] objects = new Object[2];
        int k = 1;
        z[k] = ops.z(false);
        b[k] = ops.b((byte) 1);
        c[k] = ops.c('x');
        sh[k] = ops.s((short) 9);
        i[k++] = ops.i(5);
        j[k - 1] = ops.j(2);
        f[1] = ops.f(3f);
        d[1] = ops.d(2.0);
        str[1] = ops.str("s");
        nested[1] = ops.arr(3);
        objects[1] = ops.str("o");
        impl.sync();
        return z[1] + "," + b[1] + "," + c[1] + "," + sh[1] + "," + i[1] + "," + j[1] + "," + f[1] + "," + d[1] + ","
                + str[1] + "," + nested[1].length + "," + objects[1] + ",k=" + k;
    }

    String fields() {
        fz = ops.z(false);
        fb = ops.b((byte) 2);
        fc = ops.c('m');
        fs = ops.s((short) 4);
        fi = ops.i(6);
        fj = ops.j(7);
        ff = ops.f(8f);
        fd = ops.d(9.0);
        fstr = ops.str("f");
        impl.sync();
        return fz + "," + fb + "," + fc + "," + fs + "," + fi + "," + fj + "," + ff + "," + fd + "," + fstr;
    }

    static String statics(OpsImpl impl) {
        Ops ops = impl;
        sj = ops.j(11);
        sd = ops.d(1.0);
        sstr = ops.str("static");
        long local = ops.j(12);
        impl.sync();
        return sj + "," + sd + "," + sstr + "," + local;
    }

    String otherObject() {
        Holder h = new Holder();
        Holder target = h;
        target.value = ops.i(33);
        Holder.label = ops.str("label");
        target = null;
        impl.sync();
        return h.value + "," + Holder.label + "," + (target == null);
    }

    String voids() {
        long[] total = new long[3];
        for (int k = 0; k < 30; k++) {
            ops.add(total, k % 3, k);
        }
        impl.sync();
        return Arrays.toString(total);
    }

    String loop1000() {
        int[] results = new int[1000];
        for (int k = 0; k < results.length; k++) {
            results[k] = ops.i(k);
        }
        impl.sync();
        long sum = 0;
        for (int r : results) {
            sum += r;
        }
        return Long.toString(sum);
    }

    String syncPerIteration() {
        long sum = 0;
        for (int k = 0; k < 10; k++) {
            long x = ops.j(k);
            impl.sync();
            sum += x;
        }
        return Long.toString(sum);
    }

    String generic() {
        Getter<String> getter = new Echo<>();
        String s = getter.get("generic");
        Echo<Integer> echo = new Echo<>();
        Integer boxed = echo.get(42);
        Object[] slots = new String[1];
        slots[0] = getter.get("slot");
        impl.sync();
        return s + "," + boxed + "," + slots[0];
    }

    String exception() {
        try {
            int x = ops.boom(1);
            int y = ops.i(2);
            impl.sync();
            return "not thrown " + x + y;
        } catch (IllegalStateException e) {
            return "caught " + e.getMessage();
        }
    }

    String exceptionPropagates() {
        try {
            Tree tree = new Tree();
            int r = tree.failing(4);
            tree.sync();
            return "not thrown " + r;
        } catch (IllegalStateException e) {
            return "caught " + e.getMessage();
        }
    }

    String slotReuse() {
        long total = 0;
        {
            long a = ops.j(1);
            impl.sync();
            total += a;
        }
        {
            String text = "slot";
            impl.sync();
            total += text.length();
        }
        {
            double d = ops.d(2.0);
            int n = ops.i(1);
            impl.sync();
            total += (long) d + n;
        }
        return Long.toString(total);
    }

    String overwrite() {
        int x = ops.i(5);
        x = 7;
        impl.sync();
        int y = ops.i(6);
        impl.sync();
        return x + "," + y;
    }

    /** Spawns whose results are discarded (called for their effects), as the original Satin accepted. */
    String discarded() {
        long[] log = new long[6];
        for (int k = 0; k < log.length; k++) {
            ops.note(log, k, 7L * k);
        }
        impl.sync();
        return Arrays.toString(log);
    }

    String mixedArgs() {
        long r = ops.mix(1, 2L, 3.9, "four");
        double after = 0.5;
        impl.sync();
        return r + "," + after;
    }
}
