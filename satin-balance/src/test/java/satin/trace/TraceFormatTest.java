package satin.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFormatTest {
    @Test
    void recordedTreeSurvivesAWriteAndReadThroughAFile(@TempDir Path dir) throws Exception {
        TraceRecorder rec = new TraceRecorder();
        int root = rec.onRoot(16);
        int a = rec.onSpawn(root, 100);
        int b = rec.onSpawn(root, 2_000_000);
        int a1 = rec.onSpawn(a, 5);
        rec.onJobEnd(a1, 7, 8);
        rec.onJobEnd(a, 1_000, 8);
        rec.onJobEnd(b, 123_456_789_012L, 300_000);
        rec.onJobEnd(root, 42, 0);
        Path file = dir.resolve("t.trace");
        rec.writeTo(file);
        SpawnTrace t = TraceFormat.read(file);
        assertEquals(4, t.jobCount());
        assertArrayEquals(new int[] {-1, 0, 0, 1}, new int[] {t.parent(0), t.parent(1), t.parent(2), t.parent(3)});
        assertEquals(123_456_789_012L, t.ownNanos(2));
        assertEquals(2_000_000, t.paramBytes(2));
        assertEquals(300_000, t.resultBytes(2));
        assertEquals(42 + 1_000 + 123_456_789_012L + 7, t.totalNanos());
    }

    @Test
    void concurrentRecordingGivesEveryJobOneIdAcrossChunks() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        int root = rec.onRoot(0);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            Thread t = new Thread(() -> {
                for (int i = 0; i < 50_000; i++) {
                    int id = rec.onSpawn(root, 1);
                    rec.onJobEnd(id, 3, 2);
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        rec.onJobEnd(root, 1, 1);
        SpawnTrace trace = rec.snapshot();
        assertEquals(200_001, trace.jobCount());
        assertEquals(1 + 200_000 * 3L, trace.totalNanos());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TraceFormat.write(trace, bytes);
        assertTrue(bytes.size() < 200_001 * 8, "compact: " + bytes.size() + " bytes");
    }

    @Test
    void unfinishedJobsAndCorruptFilesAreRejectedWithTheirCause() {
        TraceRecorder rec = new TraceRecorder();
        rec.onRoot(0);
        IllegalStateException open = assertThrows(IllegalStateException.class, rec::snapshot);
        assertTrue(open.getMessage().contains("job 0"));

        IOException magic = assertThrows(IOException.class, () -> TraceFormat.read(new ByteArrayInputStream("hello".getBytes()), "x"));
        assertTrue(magic.getMessage().contains("not a Satin trace"));

        byte[] good = encode(SpawnTrace.of(new int[] {-1, 0}, new long[] {1, 2}, new int[] {3, 4}, new int[] {5, 6}));
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 1);
        IOException cut = assertThrows(IOException.class, () -> TraceFormat.read(new ByteArrayInputStream(truncated), "cut"));
        assertTrue(cut.getMessage().contains("middle of a record"));

        assertThrows(IllegalArgumentException.class, () -> SpawnTrace.of(new int[] {-1, 1}, new long[2], new int[2], new int[2]));
    }

    private static byte[] encode(SpawnTrace t) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            TraceFormat.write(t, out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
