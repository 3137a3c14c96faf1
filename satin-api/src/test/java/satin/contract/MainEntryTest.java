package satin.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link MainEntry} with only this module on the class path (no runtime): main runs sequentially and the program
 * says so once; {@code satin.bootstrap} is checked. With the runtime it is tested in the rewriter's MainEntryTest.
 */
class MainEntryTest {

    @AfterEach
    void clear() {
        System.clearProperty(MainEntry.BOOTSTRAP);
    }

    @Test
    void withoutARuntimeMainRunsItselfAndTheProgramSaysSoOnce() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertFalse(MainEntry.enter(MainEntryTest.class, new String[0]));
            assertFalse(MainEntry.enter(MainEntryTest.class, new String[0]));
        } finally {
            System.setErr(err);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("satin: no Satin runtime on the class path, so " + MainEntryTest.class.getName()
                + ".main runs sequentially"), text);
        assertEquals(1, text.lines().count(), text);
    }

    @Test
    void bootstrapOffAndBadValues() {
        System.setProperty(MainEntry.BOOTSTRAP, "off");
        assertFalse(MainEntry.bootstrapOn());
        System.setProperty(MainEntry.BOOTSTRAP, "ON");
        assertTrue(MainEntry.bootstrapOn());
        System.setProperty(MainEntry.BOOTSTRAP, "later");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, MainEntry::bootstrapOn);
        assertEquals("system property satin.bootstrap must be on or off, got 'later'", e.getMessage());
    }
}
