package satin.cli.secret;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import satin.ipl.security.PoolSecret;

/** {@code satin secret FILE}: writes a new random pool secret to a file only its owner may read. */
@Command(name = "secret", mixinStandardHelpOptions = true,
        description = {"Write a new random pool secret (256 bits, base64) to FILE, readable by its owner only.",
                "Copy it to every host of the pool (scp keeps it private) and give it to satin run and satin server "
                        + "with --pool-secret-file FILE or the environment variable SATIN_POOL_SECRET_FILE.",
                "Every key of the pool is derived from it (HKDF); the secret itself never crosses the network."},
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:written", "2:FILE exists or cannot be written"})
public final class SecretCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "where to write the secret (must not exist)")
    Path file;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            PoolSecret.writeNew(file);
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: cannot write pool secret " + file + ": " + e.getMessage());
            return 2;
        }
        spec.commandLine().getOut().println("pool secret written to " + file);
        return 0;
    }
}
