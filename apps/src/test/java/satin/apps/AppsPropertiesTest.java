package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AppsPropertiesTest {

    @Test
    void everyApplicationIsListedWithAPublicStaticMain() throws Exception {
        Properties apps = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/satin/apps.properties")) {
            assertNotNull(in, "apps.properties is on the class path");
            apps.load(in);
        }
        assertEquals(Set.of("fib", "integrate", "nqueens", "tsp", "raytracer", "knapsack", "matmul", "barneshut",
                "mergesort", "queensfirst", "vote", "tspshared", "gametree", "kmeans", "uts"), apps.stringPropertyNames());
        for (String name : apps.stringPropertyNames()) {
            Class<?> main = Class.forName(apps.getProperty(name));
            Method method = main.getMethod("main", String[].class);
            assertTrue(Modifier.isStatic(method.getModifiers()), name);
            assertTrue(satin.SatinObject.class.isAssignableFrom(main), name + " is a Satin class");
        }
    }
}
