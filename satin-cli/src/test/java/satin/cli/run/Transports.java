package satin.cli.run;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;
import org.junit.jupiter.params.support.AnnotationConsumer;

/**
 * The transports a multi-JVM test runs over: in the default build the one it names ({@link #usual}), the tests of a
 * class sharing tcp and udp between them, so that each runs once and both transports carry every kind of traffic;
 * with {@code -Pevery-transport} (system property {@code satin.test.transports=all}) every test over both. Why: each
 * run starts several JVMs on the CI machine's 2 cores, and the transports' own conformance is tested in the ipl
 * module; what these tests add is the programming model across JVMs.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ArgumentsSource(Transports.Provider.class)
@interface Transports {
    /** The transport of the default build: "tcp" or "udp". */
    String usual();

    /** Gives the transports for one test method. */
    final class Provider implements ArgumentsProvider, AnnotationConsumer<Transports> {
        private String usual;

        @Override
        public void accept(Transports transports) {
            usual = transports.usual();
        }

        @Override
        public Stream<? extends Arguments> provideArguments(ExtensionContext context) {
            boolean all = "all".equals(System.getProperty("satin.test.transports", "usual"));
            return (all ? Stream.of("tcp", "udp") : Stream.of(usual)).map(Arguments::of);
        }
    }
}
