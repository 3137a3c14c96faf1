package satin.cli.run;

/**
 * A moment of a run as {@code --kill}, {@code --leave} and {@code --add-node-after} write it: {@code SECONDS} or
 * {@code SECONDSs} after the run started, or {@code Kj}, once K jobs have run (driven by the run's progress).
 *
 * @param millis the delay in milliseconds, or -1 for a job count
 * @param jobs   the job count, or -1 for a delay
 */
record When(long millis, long jobs) {

    /**
     * Parses {@code when} (trimmed, in lower case).
     *
     * @throws NumberFormatException when it is neither a non-negative number of seconds nor a job count of at least 1
     */
    static When parse(String when) {
        if (when.endsWith("j")) {
            long k = Long.parseLong(when.substring(0, when.length() - 1));
            if (k < 1) {
                throw new NumberFormatException();
            }
            return new When(-1, k);
        }
        double seconds = Double.parseDouble(when.endsWith("s") ? when.substring(0, when.length() - 1) : when);
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new NumberFormatException();
        }
        return new When(Math.round(seconds * 1000), -1);
    }
}
