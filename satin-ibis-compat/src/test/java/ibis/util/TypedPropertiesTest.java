package ibis.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class TypedPropertiesTest {

    @Test
    void typedGettersParseAndFallBack() {
        TypedProperties p = new TypedProperties();
        p.setProperty("n", "42");
        p.setProperty("big", "9000000000");
        p.setProperty("x", "2.5");
        p.setProperty("s", "7");
        assertEquals(42, p.getIntProperty("n"));
        assertEquals(7, p.getIntProperty("missing", 7));
        assertEquals(9_000_000_000L, p.getLongProperty("big"));
        assertEquals(2.5, p.getDoubleProperty("x"));
        assertEquals(2.5f, p.getFloatProperty("x"));
        assertEquals((short) 7, p.getShortProperty("s"));
        NumberFormatException missing = assertThrows(NumberFormatException.class, () -> p.getIntProperty("missing"));
        assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
        NumberFormatException bad = assertThrows(NumberFormatException.class, () -> p.getIntProperty("x", 1));
        assertTrue(bad.getMessage().contains("x") && bad.getMessage().contains("2.5"), bad.getMessage());
    }

    @Test
    void booleansFollowTheConvention() {
        TypedProperties p = new TypedProperties();
        for (String yes : new String[] {"1", "on", "true", "yes", ""}) {
            p.setProperty("b", yes);
            assertTrue(p.getBooleanProperty("b"), yes);
        }
        p.setProperty("b", "off");
        assertFalse(p.getBooleanProperty("b", true));
        assertTrue(p.getBooleanProperty("unset", true));
        assertFalse(p.getBooleanProperty("unset"));
    }

    @Test
    void sizesTakeBinarySuffixes() {
        TypedProperties p = new TypedProperties();
        p.setProperty("a", "3k");
        p.setProperty("b", "2M");
        p.setProperty("c", "1G");
        p.setProperty("d", "100");
        p.setProperty("e", "12X");
        assertEquals(3 * 1024L, p.getSizeProperty("a"));
        assertEquals(2L << 20, p.getSizeProperty("b"));
        assertEquals(1L << 30, p.getSizeProperty("c"));
        assertEquals(100L, p.getSizeProperty("d"));
        assertEquals(5L, p.getSizeProperty("none", 5L));
        assertThrows(NumberFormatException.class, () -> p.getSizeProperty("e"));
        assertThrows(NumberFormatException.class, () -> p.getSizeProperty("none"));
    }

    @Test
    void listsFiltersAndDefaults() {
        Properties defaults = new Properties();
        defaults.setProperty("app.threads", "4");
        TypedProperties p = new TypedProperties(defaults);
        p.setProperty("app.hosts", "a,b,c");
        p.setProperty("other", "x");
        assertArrayEquals(new String[] {"a", "b", "c"}, p.getStringList("app.hosts"));
        assertArrayEquals(new String[0], p.getStringList("nothing"));
        assertEquals(4, p.getIntProperty("app.threads"));
        TypedProperties app = p.filter("app.", true, false);
        assertEquals("a,b,c", app.getProperty("hosts"));
        assertEquals("4", app.getProperty("threads"));
        TypedProperties taken = p.filter("app.hosts", false, true);
        assertEquals(1, taken.size());
        assertEquals(null, p.getProperty("app.hosts"));
        assertTrue(p.stringPropertyMatch("other", "x"));
    }

    @Test
    void checkPropertiesFindsMisspeltSettings() {
        TypedProperties p = new TypedProperties();
        p.setProperty("app.size", "10");
        p.setProperty("app.sise", "10");
        p.setProperty("app.debug.level", "2");
        p.setProperty("elsewhere", "1");
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        TypedProperties unknown;
        try {
            unknown = p.checkProperties("app.", new String[] {"app.size"}, new String[] {"debug."}, true);
        } finally {
            System.setErr(err);
        }
        assertEquals(1, unknown.size());
        assertEquals("10", unknown.getProperty("app.sise"));
        assertTrue(captured.toString(StandardCharsets.UTF_8).contains("app.sise"));
    }
}
