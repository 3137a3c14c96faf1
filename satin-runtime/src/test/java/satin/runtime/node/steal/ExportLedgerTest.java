package satin.runtime.node.steal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import satin.runtime.node.recovery.EmptyRecord;

class ExportLedgerTest {

    @Test
    void aClaimedExportIsGoneForEveryOtherClaimer() {
        ExportLedger ledger = new ExportLedger();
        EmptyRecord a = new EmptyRecord();
        EmptyRecord b = new EmptyRecord();
        ledger.export(1, a, 7, 0);
        ledger.export(2, b, 8, 0);
        assertEquals(7, ledger.target(a).thief());
        assertSame(a, ledger.claim(1).record());
        assertNull(ledger.claim(1), "claimed once");
        assertNull(ledger.target(a));
        assertTrue(ledger.claimAllOf(7).isEmpty(), "the dead thief's recovery finds it claimed");
        assertEquals(List.of(b), ledger.claimAllOf(8).stream().map(ExportLedger.Export::record).toList());
        assertTrue(ledger.isEmpty());
    }

    /** An export is held by its thief once its reply is written, and no longer once it is claimed. */
    @Test
    void anExportIsHeldFromItsWriteUntilItsClaim() {
        ExportLedger ledger = new ExportLedger();
        ledger.export(1, new EmptyRecord(), 7, 0);
        ledger.export(2, new EmptyRecord(), 7, 0);
        ledger.export(3, new EmptyRecord(), 8, 0);
        assertEquals(0, ledger.held(), "answered, nothing written yet");
        ledger.written(1);
        ledger.written(2);
        assertEquals(2, ledger.held());
        ledger.claim(1);
        assertEquals(1, ledger.held(), "a result came back");
        ledger.claimAllOf(7);
        assertEquals(0, ledger.held(), "its thief is gone");
        ledger.written(3);
        ledger.claim(3);
        ledger.written(3); // a second report of a claimed export marks nothing
        assertEquals(0, ledger.held());
        assertEquals(0, ledger.size());
    }

    /** A RESULT and the recovery of its dead thief race for the same exports: each job goes to exactly one. */
    @Test
    void aResultAndTheThiefsRecoveryNeverBothOwnAJob() throws Exception {
        for (int round = 0; round < 200; round++) {
            ExportLedger ledger = new ExportLedger();
            int jobs = 64;
            for (int i = 0; i < jobs; i++) {
                ledger.export(i, new EmptyRecord(), 3, 0);
            }
            CyclicBarrier start = new CyclicBarrier(2);
            AtomicInteger owned = new AtomicInteger();
            Thread results = new Thread(() -> {
                await(start);
                for (int i = 0; i < jobs; i++) {
                    if (ledger.claim(i) != null) {
                        owned.incrementAndGet();
                    }
                }
            });
            results.start();
            await(start);
            List<ExportLedger.Export> recovered = new ArrayList<>(ledger.claimAllOf(3));
            results.join();
            assertEquals(jobs, owned.get() + recovered.size(), "every job owned exactly once");
            assertTrue(ledger.isEmpty());
        }
    }

    private static void await(CyclicBarrier b) {
        try {
            b.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
