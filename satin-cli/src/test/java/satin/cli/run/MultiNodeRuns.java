package satin.cli.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;
import satin.cli.run.RunCommand;

/** Runs {@code satin run} in this JVM (as the launcher), capturing the relayed program output and errors. */
final class MultiNodeRuns {

    record Outcome(int exit, String programOut, String out, String err) {
        String describe() {
            return "exit " + exit + "\nstdout:\n" + programOut + "\nout:\n" + out + "\nerr:\n" + err;
        }
    }

    /**
     * A directory where every run's command line and whole output are kept, one file per run named by its order and
     * the test that ran it (unset: nothing kept): a streak of repeated rounds keeps a failed round's runs, including
     * the output that an assertion on the statistics alone does not print.
     */
    static final String KEEP_PROPERTY = "satin.multinode.keep";

    private static int kept;

    private MultiNodeRuns() {
    }

    /**
     * Runs {@code satin run args}. The node JVMs that a {@code --nodes} run starts check the node layer's assertions:
     * the rule that a node's protocol state is touched on its protocol loop only (the node package's overview) is
     * asserted where the state is kept, so every multi-node test checks it.
     */
    static synchronized Outcome run(String... args) {
        java.util.List<String> given = java.util.Arrays.asList(args);
        if (given.contains("--nodes") && !given.contains("--registry")) { // the JVMs that --nodes starts here
            String[] checked = new String[args.length + 1];
            checked[0] = "--node-jvm-option=-ea:satin.runtime.node...";
            System.arraycopy(args, 0, checked, 1, args.length);
            args = checked;
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream programOut = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int exit;
        System.setOut(new PrintStream(programOut, true, StandardCharsets.UTF_8));
        try {
            exit = new CommandLine(new RunCommand()).setOut(new PrintWriter(out, true))
                    .setErr(new PrintWriter(err, true)).execute(args);
        } finally {
            System.setOut(original);
        }
        Outcome outcome = new Outcome(exit, programOut.toString(StandardCharsets.UTF_8), out.toString(),
                err.toString());
        keep(args, outcome);
        return outcome;
    }

    /** Writes the run into the {@link #KEEP_PROPERTY} directory, when one is set. */
    private static void keep(String[] args, Outcome outcome) {
        String dir = System.getProperty(KEEP_PROPERTY);
        if (dir == null) {
            return;
        }
        String test = StackWalker.getInstance().walk(frames -> frames
                .filter(f -> f.getClassName().endsWith("Test"))
                .map(f -> f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName())
                .findFirst().orElse("run"));
        Path file = Path.of(dir, String.format("%02d-%s.txt", ++kept, test));
        try {
            java.nio.file.Files.createDirectories(file.getParent());
            java.nio.file.Files.writeString(file, "satin run " + String.join(" ", args) + "\nended at epoch-ms "
                    + System.currentTimeMillis() + "\n" + outcome.describe());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot keep the run in " + file, e);
        }
    }

    /**
     * Node JVMs on this machine whose command line holds {@code text} (e.g. a launcher's pool name prefix), found
     * in /proc (whole: {@code ProcessHandle.Info} cuts long command lines short).
     */
    static long nodeProcesses(String text) {
        return java.lang.ProcessHandle.allProcesses().filter(p -> {
            try {
                String c = new String(java.nio.file.Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()),
                        "cmdline"))).replace('\0', ' ');
                return c.contains("NodeProcess") && c.contains(text);
            } catch (IOException | RuntimeException gone) {
                return false;
            }
        }).count();
    }

    /** The locations of the nodes a run's statistics ({@code --stats-json}) list as lost. */
    static java.util.Set<String> lost(JsonNode json) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (JsonNode l : json.get("faults").get("lost")) {
            names.add(l.get("node").asText());
        }
        return names;
    }

    static JsonNode json(Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }
}
