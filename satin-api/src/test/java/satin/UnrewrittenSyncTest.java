package satin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An unrewritten sync() is reported once with a runtime around, never without one or from a static initializer. */
class UnrewrittenSyncTest {

    @Test
    void onAWorkerItSaysOnceThatTheCallerWasNotRewritten() {
        List<String> lines = new ArrayList<>();
        UnrewrittenSync notice = new UnrewrittenSync(lines::add);
        notice.called("demo.Fib", "<clinit>", UnrewrittenSync.Situation.WORKER);
        assertEquals(List.of(), lines, "a static initializer's sync() is a plain call in rewritten classes too");
        notice.called("demo.Fib", "fib", UnrewrittenSync.Situation.WORKER);
        notice.called("demo.Fib", "fib", UnrewrittenSync.Situation.WORKER);
        notice.called("demo.Other", "main", UnrewrittenSync.Situation.WORKER);
        assertEquals(List.of("satin: demo.Fib calls sync() but was not rewritten, so its spawnable calls run one after"
                + " another on one thread: add the rewrite goal of io.satin:satin-maven-plugin to the build, or run"
                + " 'satin compile' on its classes"), lines);
    }

    @Test
    void offAWorkerWithARuntimeItSaysHowToSilenceIt() {
        List<String> lines = new ArrayList<>();
        UnrewrittenSync notice = new UnrewrittenSync(lines::add);
        notice.called("demo.Fib", "main", UnrewrittenSync.Situation.RUNTIME_AVAILABLE);
        assertEquals(1, lines.size());
        assertEquals(true, lines.get(0).endsWith("(set satin.bootstrap=off to silence this)"), lines.get(0));
    }

    @Test
    void theSequentialProgramWithoutARuntimeSaysNothing() {
        List<String> lines = new ArrayList<>();
        UnrewrittenSync notice = new UnrewrittenSync(lines::add);
        notice.called("demo.Fib", "fib", UnrewrittenSync.Situation.SEQUENTIAL);
        notice.called("demo.Fib", "fib", UnrewrittenSync.Situation.WORKER);
        assertEquals(List.of(), lines, "decided at the first call");
    }

    @Test
    void withOnlyTheContractOnTheClassPathASyncSaysNothing() {
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            new satin.SatinObject() { }.sync();
        } finally {
            System.setErr(err);
        }
        assertEquals("", captured.toString(java.nio.charset.StandardCharsets.UTF_8));
    }
}
