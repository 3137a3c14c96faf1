package satin.cli.run;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import satin.cli.launch.NodeEnd;
import satin.runtime.launch.ProgramExit;

/**
 * Main class of a node JVM that {@code satin run --nodes N} or {@code --hosts FILE} starts through
 * {@link satin.cli.launch.LocalLauncher}: {@code satin run} with the node's arguments ({@code --registry},
 * {@code --cluster}, ...), then exit with its status, or with status 3 as soon as the launcher is gone
 * ({@code --end-with-input}: its standard input ended), whatever the node is doing then.
 *
 * <p>The options come on the command line (parsed here with picocli: nodes over ssh, and by hand), or, with the
 * single argument {@value NodeHandover#OPTIONS_ON_INPUT} (the nodes of {@code --nodes N}), already parsed by the
 * launcher, on standard input before the start-up message ({@link NodeHandover}), which saves each node JVM
 * building picocli's model of {@code satin run}.
 *
 * <p>The command runs on a thread of its own so that this main method, the one place that ends the JVM, can end
 * it on whichever comes first. Its last line on standard error tells the launcher how the node's part of the run
 * ended ({@link NodeEnd}); a JVM that exits otherwise in the middle of the run says so from a shutdown hook: a
 * {@code System.exit} in the program on the node running {@code main} ends the run ({@link ProgramExit},
 * {@link NodeEnd.Kind#FINISHED}), any other ({@code System.exit} in a job elsewhere, a signal that runs the shutdown
 * hooks) leaves it to go on ({@link NodeEnd.Kind#EXITED}); a JVM that dies says nothing.
 */
public final class NodeProcess {

    /** The status of a node whose launcher is gone. */
    static final int LAUNCHER_GONE = 3;

    private NodeProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        AtomicBoolean ending = new AtomicBoolean(); // set once this method ends the JVM itself
        String name = System.getenv(satin.cli.launch.LocalLauncher.NODE_VARIABLE);
        FatalErrors.install(name != null ? name : "this node");
        CompletableFuture<Integer> status = new CompletableFuture<>();
        RunCommand command = new RunCommand().whenLauncherGone(() -> status.complete(LAUNCHER_GONE));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (ending.compareAndSet(false, true)) {
                // System.exit in main on the node running it ends the run (its status is the run's); any other exit
                // in the middle of the run leaves the run to go on without this node
                declare(command.programExit().endsRun() ? NodeEnd.Kind.FINISHED : NodeEnd.Kind.EXITED);
            }
        }, "satin-node-exit"));
        boolean handedOver = args.length == 1 && args[0].equals(NodeHandover.OPTIONS_ON_INPUT);
        Thread node = new Thread(() -> {
            try {
                status.complete(handedOver ? runHandedOver(command) : new CommandLine(command).execute(args));
            } catch (Throwable t) {
                status.completeExceptionally(t);
            }
        }, "satin-node");
        node.start();
        int exit;
        try {
            exit = status.get(); // no bound: the node runs as long as its program, or until its launcher is gone
        } catch (ExecutionException e) {
            e.getCause().printStackTrace();
            exit = 1;
        }
        System.out.flush();
        command.stopWatching(); // a thread left reading the standard input would hold the exit up by ~300 ms
        if (ending.compareAndSet(false, true) && exit != LAUNCHER_GONE) {
            declare(command.end(exit));
        }
        System.exit(exit);
    }

    /** Tells the launcher how this node's part of the run ended: its last line on standard error. */
    private static void declare(NodeEnd.Kind kind) {
        System.err.println(NodeEnd.line(kind));
        System.err.flush();
    }

    private static int runHandedOver(RunCommand command) {
        try {
            NodeHandover.read(System.in, command);
        } catch (IOException e) {
            System.err.println("error: " + e.getMessage());
            return 2;
        }
        return command.call();
    }
}
