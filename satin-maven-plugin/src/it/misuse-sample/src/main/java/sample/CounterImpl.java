package sample;

public class CounterImpl extends satin.SatinObject implements Counter {
    public long count(int depth) {
        if (depth == 0) {
            return 1;
        }
        long left = count(depth - 1); // warning: Counter does not extend Spawnable
        long right = count(depth - 1);
        sync();
        return left + right;
    }
}
