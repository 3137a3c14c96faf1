package satin.cli.bench.apps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import satin.contract.ContractNames;

/**
 * Tells whether a class file was produced by the Satin rewriter. The rewriter marks classes with
 * {@code satin.contract.Rewritten}, an annotation retained only in the class file, so the check reads
 * the class file and looks for the annotation's descriptor in its constant pool.
 */
public final class Rewriting {

    private static final String MARK = ContractNames.REWRITTEN_DESCRIPTOR;

    private Rewriting() {
    }

    public static boolean isRewritten(Class<?> type) {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in == null) {
                return false;
            }
            // The descriptor is stored as modified UTF-8, which equals ISO-8859-1 for these ASCII characters.
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).contains(MARK);
        } catch (IOException e) {
            return false;
        }
    }
}
