package satin.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every command of the fenced blocks marked {@code bash quick} in the root README and in docs/ runs as written, from
 * the repository root, with exit status 0 ({@code ./satin ARGS} as {@code java -jar satin.jar ARGS}, which is what
 * the launcher script runs once the jar is built). Only quick commands are marked: the others (a Fib(40) on several
 * nodes, real clusters, benchmarks) take too long or need machines a test does not have.
 */
class DocCommandsIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern QUICK_BLOCK = Pattern.compile("(?s)```bash quick\\n(.*?)```");

    @Test
    void theQuickCommandsOfTheDocsRunAsWritten() throws Exception {
        List<String> failures = new ArrayList<>();
        int commands = 0;
        for (Path doc : docs()) {
            Matcher block = QUICK_BLOCK.matcher(Files.readString(doc));
            while (block.find()) {
                for (String line : block.group(1).split("\n")) {
                    String command = line.replaceFirst("\\s+#.*$", "").strip();
                    if (command.isEmpty() || command.startsWith("#")) {
                        continue;
                    }
                    commands++;
                    String where = ROOT.relativize(doc) + ": " + command;
                    if (!command.startsWith("./satin ") || command.matches(".*[|&;<>$`].*")) {
                        failures.add(where + "\n  a quick block holds plain ./satin commands only");
                        continue;
                    }
                    Run run = satin(arguments(command.substring("./satin ".length())));
                    if (run.exit() != 0) {
                        failures.add(where + "\n  exit " + run.exit() + ":\n" + run.output());
                    }
                }
            }
        }
        assertTrue(commands >= 4, "quick commands found in README.md and docs/: " + commands);
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    private static List<Path> docs() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> walk = Files.walk(ROOT.resolve("docs"))) {
            walk.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    /** Splits a command line as the shell does for words, single and double quotes. */
    static List<String> arguments(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private record Run(int exit, String output) {
    }

    private static Run satin(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", PackagedJar.jar().toAbsolutePath().toString()));
        command.addAll(args);
        Path log = Files.createTempFile("doc-command", ".log");
        try {
            Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(3, TimeUnit.MINUTES)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                return new Run(-1, "did not finish in 3 minutes\n" + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
