package satin.cli.run;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import satin.runtime.SatinRuntime;
import satin.runtime.RuntimeConfig;
import satin.runtime.launch.ReportText;
import satin.runtime.timeline.Timeline;
import satin.trace.TraceRecorder;

/**
 * {@code satin run} in this JVM alone: the program's {@code main} on a runtime of {@code --workers} workers, with
 * the progress line, the statistics, and the trace and timeline files it was asked for.
 */
final class OneJvmRun {

    private final RunCommand cmd;
    private final PrintWriter out;
    private final StatusLineWriter err;

    OneJvmRun(RunCommand cmd, PrintWriter out, StatusLineWriter err) {
        this.cmd = cmd;
        this.out = out;
        this.err = err;
    }

    /** Runs the program; returns the run's exit status. */
    int call() {
        Class<?> mainClass = cmd.mainClassOrSay(err);
        if (mainClass == null) {
            return 2;
        }
        TraceRecorder recorder = cmd.recordTrace == null ? null : new TraceRecorder();
        Timeline lines = cmd.timeline == null ? null : Timeline.monotonic();
        RuntimeConfig config = RuntimeConfig.defaults().withWorkers(cmd.workers)
                .withInlineThreshold(cmd.inlineThreshold).withTrace(recorder).withTimeline(lines);
        SatinRuntime runtime = SatinRuntime.start(config);
        int status = 0;
        long start = System.nanoTime();
        java.util.function.Consumer<ProgressBoard> refresh = board -> board.report("this JVM", "",
                satin.runtime.node.report.NodeProgress.of(runtime.statistics(), 0, 0));
        ProgressDisplay display = cmd.progressShown()
                ? new ProgressDisplay(err, new ProgressBoard(false), refresh, Boolean.TRUE.equals(cmd.progress))
                : null;
        java.io.PrintStream stdout = System.out;
        if (display != null) {
            // the program's output erases the progress line first (both on this terminal); this JVM runs one program
            System.setOut(new java.io.PrintStream(new BesideStatusOutput(stdout, err), true));
        }
        try {
            runtime.runMain(mainClass, cmd.args.toArray(String[]::new));
        } catch (NoSuchMethodException e) {
            err.println("error: " + e.getMessage());
            status = 2;
        } catch (Throwable t) {
            StringWriter trace = new StringWriter();
            t.printStackTrace(new PrintWriter(trace));
            err.println("error: " + mainClass.getName() + ".main threw " + t);
            err.print(trace);
            status = 1;
        } finally {
            runtime.close();
            if (display != null) {
                System.setOut(stdout);
                display.finish(refresh);
            }
        }
        long mainNanos = System.nanoTime() - start;
        System.out.flush();
        if (recorder != null) {
            status = writeTrace(recorder, status, err);
        }
        if (lines != null) {
            try {
                TimelineFiles.write(cmd.timeline, lines, 0, "satin run (" + cmd.workers + " workers)", List.of(),
                        "monotonic");
                err.println("timeline written to " + cmd.timeline
                        + " (open it in ui.perfetto.dev or chrome://tracing)");
            } catch (java.io.IOException e) {
                err.println("error: cannot write the timeline " + cmd.timeline + ": " + e.getMessage());
                status = Math.max(status, 1);
            }
        }
        if (cmd.statsDetail() != satin.runtime.launch.StatsDetail.OFF) {
            out.print(ReportText.oneJvm(runtime.statistics(), mainNanos,
                    cmd.sequentialTime == null ? -1 : cmd.sequentialTime, cmd.statsDetail()));
            out.flush();
        }
        err.flush();
        return status;
    }

    /** Writes the recorded trace after a successful run; returns the run's exit status. */
    private int writeTrace(TraceRecorder recorder, int status, PrintWriter err) {
        if (status != 0) {
            err.println("no trace written to " + cmd.recordTrace + ": the run failed");
            return status;
        }
        try {
            recorder.writeTo(cmd.recordTrace);
        } catch (java.io.IOException | RuntimeException e) {
            err.println("error: cannot write trace " + cmd.recordTrace + ": " + e);
            return 1;
        }
        err.printf("trace of %d jobs written to %s%n", recorder.jobCount(), cmd.recordTrace);
        return 0;
    }

}
