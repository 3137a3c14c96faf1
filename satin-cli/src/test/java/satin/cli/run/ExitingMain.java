package satin.cli.run;

import java.util.Arrays;
import satin.runtime.testapps.SlowTreeMain;

/**
 * A program whose {@code main} ends with {@code System.exit(status)} (args[0]) after a real parallel computation
 * ({@link SlowTreeMain} with the remaining arguments), as programs written for plain Java often do.
 */
public final class ExitingMain {

    private ExitingMain() {
    }

    public static void main(String[] args) {
        SlowTreeMain.main(Arrays.copyOfRange(args, 1, args.length));
        System.out.flush();
        System.exit(Integer.parseInt(args[0]));
    }
}
