package satin.cli.run;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine;

/**
 * Main class of a node JVM that {@code satin run --nodes N} or {@code --hosts FILE} starts through
 * {@link satin.cli.launch.LocalLauncher}: {@code satin run} with the node's arguments ({@code --registry},
 * {@code --cluster}, ...), then exit with its status, or with status 3 as soon as the launcher is gone
 * ({@code --end-with-input}: its standard input ended), whatever the node is doing then.
 *
 * <p>The command runs on a thread of its own so that this main method, the one place that ends the JVM, can end
 * it on whichever comes first.
 */
public final class NodeProcess {

    /** The status of a node whose launcher is gone. */
    static final int LAUNCHER_GONE = 3;

    private NodeProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        CompletableFuture<Integer> status = new CompletableFuture<>();
        RunCommand command = new RunCommand().whenLauncherGone(() -> status.complete(LAUNCHER_GONE));
        Thread node = new Thread(() -> {
            try {
                status.complete(new CommandLine(command).execute(args));
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
        System.exit(exit);
    }
}
