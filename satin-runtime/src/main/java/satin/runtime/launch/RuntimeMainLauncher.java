package satin.runtime.launch;

import java.io.PrintStream;
import satin.contract.MainLauncher;
import satin.runtime.SatinRuntime;
import satin.runtime.node.report.RunReport;
import satin.runtime.node.SatinNode;

/**
 * The runtime's side of {@link satin.contract.MainEntry}: a rewritten {@code main} started with plain {@code java}
 * (no runtime running) lands here, found through {@code META-INF/services/satin.contract.MainLauncher}. It reads
 * the {@link LaunchSettings} from system properties and environment variables and runs {@code main} on a runtime
 * in this JVM, or as one node of a pool ({@link PoolLaunch}, the same code as {@code satin run --registry}).
 * Statistics ({@code satin.stats=on} or {@code full}) go to standard error, so the program's own output stays as it
 * is. {@code System.exit(n)} in {@code main} of a pool member ends the run with status n ({@link ProgramExit}). Nothing
 * here calls {@code System.exit}: what {@code main} throws, or a {@link SatinNode.NodeFailure}, is thrown to the
 * original {@code main}, and the JVM reports it as for any program.
 */
public final class RuntimeMainLauncher implements MainLauncher {

    /** Used by {@link java.util.ServiceLoader}. */
    public RuntimeMainLauncher() {
    }

    @Override
    public boolean launch(Class<?> mainClass, String[] args) throws Throwable {
        StderrLogging.installIfNone(); // before the runtime makes its first logger
        return launch(mainClass, args, LaunchSettings.read(SettingSource.system()), System.err);
    }

    /** The same with explicit settings and a stream for the statistics. */
    public static boolean launch(Class<?> mainClass, String[] args, LaunchSettings settings, PrintStream report)
            throws Throwable {
        if (!settings.bootstrap()) {
            return false;
        }
        if (!settings.multiNode()) {
            runHere(mainClass, args, settings, report);
            return true;
        }
        // System.exit(n) in main on the node that runs it ends the run for every node, as under satin run
        ProgramExit exit = new ProgramExit();
        exit.install();
        SatinNode.Outcome outcome;
        try {
            outcome = PoolLaunch.run(settings.nodeOptions(), settings.security(), java.util.Map.of(),
                    settings.serveRegistry(), mainClass, args, null, null, null, exit::watch);
        } finally {
            exit.uninstall();
        }
        if (outcome.master()) {
            System.out.flush();
            if (settings.stats() != StatsDetail.OFF) {
                RunReport r = outcome.report();
                report.print(ReportText.nodes(r, settings.stats()));
                report.flush();
            }
            if (outcome.mainFailure() != null) {
                throw outcome.mainFailure();
            }
        }
        return true;
    }

    private static void runHere(Class<?> mainClass, String[] args, LaunchSettings settings, PrintStream report)
            throws Exception {
        SatinRuntime runtime = SatinRuntime.start(settings.runtimeConfig());
        long start = System.nanoTime();
        try {
            runtime.runMain(mainClass, args);
        } finally {
            runtime.close();
            if (settings.stats() != StatsDetail.OFF) {
                System.out.flush();
                report.print(ReportText.oneJvm(runtime.statistics(), System.nanoTime() - start, -1, settings.stats()));
                report.flush();
            }
        }
    }
}
