package satin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class whose {@code public static void main(String[])} starts a Satin runtime when the program is
 * started with plain {@code java} (or {@code java -jar}, {@code mvn exec:java}, an IDE's Run button).
 *
 * <p>The rewriter already does this for the {@code main} of every class that spawns or syncs; mark the class
 * whose {@code main} is the program's entry when it does neither itself (it calls into classes that spawn).
 * Unrewritten, the mark changes nothing. How the runtime is configured then (system properties
 * {@code satin.workers}, {@code satin.registry}, ... or the matching environment variables) is described in the
 * project's README.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface SatinMain {
}
