package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SatinObject;
import satin.runtime.testapps.RewrittenFib;

/**
 * The original Satin's static methods of {@code SatinObject} on a runtime confined to one JVM: there is a runtime
 * ({@code getSatin()} is not null) and every job is local; more jobs are worth spawning while the calling worker's
 * queue is short and someone else could take them (two workers), never on a single worker; pause and resume change
 * nothing a program could see (no other node to stop) and the run still computes its answer.
 */
@Timeout(60)
class OriginalStaticsOnWorkersTest {

    @Test
    void onWorkersThereIsARuntimeAndEveryJobIsLocal() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            List<Object> seen = runtime.call(() -> List.of(satin.impl.Satin.getSatin() != null,
                    SatinObject.localJob(), SatinObject.needMoreJobs()));
            assertEquals(List.of(true, true, true), seen, "runtime, local, an empty queue with a second worker");
            long fib = runtime.call(() -> {
                SatinObject.pause();
                RewrittenFib f = new RewrittenFib();
                long r = f.fib(20);
                f.sync();
                SatinObject.resume();
                return r;
            });
            assertEquals(6765, fib);
        }
    }

    static final class Shared extends satin.SharedObject {
    }

    /**
     * A shared object made by a job has a name; the export (what the rewriter makes of {@code exportObject()}) makes it
     * non-local on one JVM too, as in the original, and keeps its name; one made off the runtime has none.
     */
    @Test
    void onWorkersASharedObjectIsNamedAndAnExportMakesItNonLocal() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(2))) {
            List<Object> seen = runtime.call(() -> {
                Shared s = new Shared();
                String name = s.getObjectId();
                boolean before = s.isUnshared();
                satin.contract.SharedWrites.export(s);
                return List.of(name != null && name.startsWith("SO-"), before, s.isUnshared(),
                        name.equals(s.getObjectId()), !name.equals(new Shared().getObjectId()));
            });
            assertEquals(List.of(true, true, false, true, true), seen);
        }
        assertNull(new Shared().getObjectId(), "made off the runtime: no name, as in the sequential program");
    }

    @Test
    void aSingleWorkerOfASingleNodeNeedsNoMoreJobs() throws Exception {
        try (SatinRuntime runtime = SatinRuntime.start(RuntimeConfig.defaults().withWorkers(1))) {
            assertFalse(runtime.call(SatinObject::needMoreJobs));
            assertNotNull(runtime.call(satin.impl.Satin::getSatin));
            assertTrue(runtime.call(SatinObject::localJob));
        }
    }
}
