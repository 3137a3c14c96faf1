package satin.cli.run;

import java.util.List;

/** {@link ProgressLineTest#rendered} for tests in other packages. */
public final class ProgressLineTestAccess {
    private ProgressLineTestAccess() {
    }

    public static List<String> rendered(String terminalText) {
        return ProgressLineTest.rendered(terminalText);
    }
}
