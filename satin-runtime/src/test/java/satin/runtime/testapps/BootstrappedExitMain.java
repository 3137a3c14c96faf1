package satin.runtime.testapps;

import java.util.Arrays;

/**
 * A program started with plain {@code java} (the entry the rewriter puts into {@code main}) whose {@code main} ends
 * with {@code System.exit(status)} (args[0]) after a {@link SlowTreeMain} over the remaining arguments, as programs
 * written for plain Java often do.
 */
public final class BootstrappedExitMain {

    private BootstrappedExitMain() {
    }

    public static void main(String[] args) {
        if (satin.contract.MainEntry.enter(BootstrappedExitMain.class, args)) {
            return;
        }
        SlowTreeMain.main(Arrays.copyOfRange(args, 1, args.length));
        System.out.flush();
        System.exit(Integer.parseInt(args[0]));
    }
}
