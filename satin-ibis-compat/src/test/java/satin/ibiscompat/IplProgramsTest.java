package satin.ibiscompat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import ipl.programs.Broadcast;
import ipl.programs.ClientServer;
import ipl.programs.Downcalls;
import ipl.programs.Events;
import ipl.programs.Hello;
import ipl.programs.Latency;

/**
 * The IPL-API programs of {@code ipl.programs}, each as separate JVMs meeting at a registry server
 * ({@link ProgramRun}). By default every program runs once, the transports and the security alternating between
 * them (tcp and udp, pool secret and {@code --insecure} each at least once, about a minute on 2 cores);
 * {@code -Pibis-compat-long} runs every program over tcp and udp, with a secret and without.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class IplProgramsTest {

    record Setting(String transport, boolean secure) {
        @Override
        public String toString() {
            return transport + (secure ? " with a pool secret" : " insecure");
        }
    }

    static Stream<Arguments> runs() {
        List<Class<?>> programs = List.of(Hello.class, ClientServer.class, Broadcast.class, Events.class,
                Downcalls.class, Latency.class);
        List<Setting> settings = List.of(new Setting("tcp", true), new Setting("udp", true),
                new Setting("tcp", false), new Setting("udp", false));
        boolean all = Boolean.getBoolean("ibis.compat.long");
        List<Arguments> out = new ArrayList<>();
        for (int p = 0; p < programs.size(); p++) {
            for (int s = 0; s < settings.size(); s++) {
                if (all || s == p % settings.size()) {
                    out.add(Arguments.of(programs.get(p).getSimpleName(), settings.get(s)));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("runs")
    void programRunsUnchanged(String program, Setting setting, @TempDir Path dir) throws Exception {
        switch (program) {
            case "Hello" -> hello(setting, dir);
            case "ClientServer" -> clientServer(setting, dir);
            case "Broadcast" -> broadcast(setting, dir);
            case "Events" -> events(setting, dir);
            case "Downcalls" -> downcalls(setting, dir);
            case "Latency" -> latency(setting, dir);
            default -> throw new IllegalArgumentException(program);
        }
    }

    private static List<ProgramRun.Output> run(Class<?> program, int jvms, Setting s, Path dir, String... args)
            throws Exception {
        List<ProgramRun.Output> out = ProgramRun.run(program, jvms, s.transport(), s.secure(), dir, args);
        ProgramRun.allSucceeded(out);
        return out;
    }

    private static void hello(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(Hello.class, 2, s, dir);
        assertEquals(List.of("Server received: Hi there"), ProgramRun.linesStarting(out, "Server"));
        assertEquals(1, ProgramRun.linesStarting(out, "Client sent").size());
    }

    private static void clientServer(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(ClientServer.class, 3, s, dir);
        assertEquals(List.of("server answered 40 requests"), ProgramRun.linesStarting(out, "server"));
        assertEquals(List.of("client got all 20 answers, total 1330", "client got all 20 answers, total 1330"),
                ProgramRun.linesStarting(out, "client"));
    }

    private static void broadcast(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(Broadcast.class, 3, s, dir);
        // each worker returns 999 * rank; divided by its rank, two workers give 1998
        assertEquals(List.of("master multicast to 2 workers, check 1998.0, senders seen 2"),
                ProgramRun.linesStarting(out, "master"));
        assertEquals(2, ProgramRun.linesStarting(out, "worker").size());
    }

    private static void events(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(Events.class, 3, s, dir);
        List<String> lines = new ArrayList<>();
        for (ProgramRun.Output o : out) {
            lines.addAll(o.lines().stream().filter(l -> l.contains(" saw ")).toList());
        }
        assertEquals(3, lines.size(), lines.toString());
        for (String line : lines) {
            assertTrue(line.contains("saw 3 joins") && line.endsWith("terminated by the coordinator, upcall agrees:"
                    + " true"), line);
        }
        long coordinator = lines.stream().filter(l -> l.contains("signals [ack ")).count();
        assertEquals(1, coordinator, "the coordinator got both acks: " + lines);
    }

    private static void downcalls(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(Downcalls.class, 3, s, dir);
        assertEquals(List.of("winner got 2 reports and saw 2 leave"), ProgramRun.linesStarting(out, "winner"));
        assertEquals(2, ProgramRun.linesStarting(out, "instance").size());
    }

    private static void latency(Setting s, Path dir) throws Exception {
        List<ProgramRun.Output> out = run(Latency.class, 2, s, dir, "500");
        assertEquals(List.of("server echoed 500 messages"), ProgramRun.linesStarting(out, "server"));
        List<String> client = ProgramRun.linesStarting(out, "client");
        assertEquals(1, client.size());
        assertTrue(client.get(0).startsWith("client: 500 round trips, average "), client.get(0));
    }
}
