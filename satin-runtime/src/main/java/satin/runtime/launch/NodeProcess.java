package satin.runtime.launch;

import picocli.CommandLine;
import satin.runtime.cli.RunCommand;

/** Main class of a node JVM started by {@link LocalLauncher}: {@code satin run} with the node's arguments. */
public final class NodeProcess {

    private NodeProcess() {
    }

    public static void main(String[] args) {
        int status = new CommandLine(new RunCommand()).execute(args);
        System.out.flush();
        System.exit(status);
    }
}
