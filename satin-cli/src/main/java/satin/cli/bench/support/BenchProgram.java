package satin.cli.bench.support;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The program a multi-node benchmark times instead of its default one: the options {@code --class}, {@code --args}
 * and {@code -cp} shared by {@code bench nodes} and {@code bench faults} (a picocli mixin).
 */
public final class BenchProgram {

    @Option(names = "--class", paramLabel = "CLASS",
            description = "another program's main class or app name instead of N-queens (its arguments: --args)")
    String mainClass;

    @Option(names = "--args", paramLabel = "ARG", split = " ", description = "arguments of --class")
    List<String> args = new ArrayList<>();

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH", description = "where to load --class from")
    String classpath;

    /** The main class to time: {@code --class}, or {@code defaultClass}. */
    public String mainClass(String defaultClass) {
        return mainClass != null ? mainClass : defaultClass;
    }

    /** The program's arguments: {@code --args} with {@code --class}, else {@code defaultArgs}. */
    public List<String> args(List<String> defaultArgs) {
        return mainClass != null ? args : defaultArgs;
    }

    /** {@code -cp PATH}, or null. */
    public String classpath() {
        return classpath;
    }

    /** Adds {@code -cp PATH} to a {@code satin run} command line when {@code -cp} was given. */
    public void addClassPath(List<String> runArguments) {
        if (classpath != null) {
            runArguments.addAll(List.of("-cp", classpath));
        }
    }
}
