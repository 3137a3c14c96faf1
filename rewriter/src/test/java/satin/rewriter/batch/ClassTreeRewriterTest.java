package satin.rewriter.batch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.rewriter.testing.FibProgram;

class ClassTreeRewriterTest {

    @Test
    void aClassPathWithoutTheSatinApiIsAClearError(@TempDir Path dir) {
        FibProgram.copyTo(dir);
        NoSuchFileException e = assertThrows(NoSuchFileException.class,
                () -> new ClassTreeRewriter().rewrite(List.of(dir), List.of()));
        assertTrue(e.getMessage().contains("satin.Spawnable: not on the class path; add the satin-api jar"),
                e.getMessage());
    }

    @Test
    void aMissingTargetIsNamed(@TempDir Path dir) {
        NoSuchFileException e = assertThrows(NoSuchFileException.class,
                () -> new ClassTreeRewriter().rewrite(List.of(dir.resolve("absent")), List.of()));
        assertTrue(e.getMessage().contains("absent"), e.getMessage());
    }
}
