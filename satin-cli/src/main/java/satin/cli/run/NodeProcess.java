package satin.cli.run;

import picocli.CommandLine;

/**
 * Main class of a node JVM that {@code satin run --nodes N} starts through {@link satin.cli.launch.LocalLauncher}:
 * {@code satin run} with the node's arguments ({@code --registry}, {@code --cluster}, ...), then exit with its
 * status.
 */
public final class NodeProcess {

    private NodeProcess() {
    }

    public static void main(String[] args) {
        int status = new CommandLine(new RunCommand()).execute(args);
        System.out.flush();
        System.exit(status);
    }
}
