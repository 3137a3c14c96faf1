package satin.cli.simulate;

import java.io.PrintWriter;
import java.util.function.Consumer;

/** Progress lines for long runs, on stderr so that stdout stays a clean table or JSON document. */
final class Progress {
    private Progress() {
    }

    static Consumer<String> to(PrintWriter err, boolean quiet) {
        if (quiet) {
            return line -> {
            };
        }
        long start = System.nanoTime();
        return line -> {
            err.printf("%7.1fs %s%n", (System.nanoTime() - start) / 1e9, line);
            err.flush();
        };
    }
}
