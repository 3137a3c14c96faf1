package satin.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code satin --version}: the version Maven wrote into the jar manifest and the git commit the build wrote into
 * {@code satin/cli/build.properties} ("unknown commit" when it was built without git or outside a checkout).
 */
final class SatinVersion implements CommandLine.IVersionProvider {

    static final String BUILD_PROPERTIES = "/satin/cli/build.properties";

    @Override
    public String[] getVersion() {
        String version = SatinVersion.class.getPackage().getImplementationVersion();
        return new String[] {"satin " + (version == null ? "(development build)" : version) + ", " + commit(),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")"};
    }

    /** "commit abc123def456", with " and uncommitted changes" when the checkout had some, or "unknown commit". */
    static String commit() {
        Properties p = new Properties();
        try (InputStream in = SatinVersion.class.getResourceAsStream(BUILD_PROPERTIES)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown commit";
        }
        String commit = p.getProperty("commit", "unknown commit");
        if (!commit.matches("[0-9a-f]{7,40}")) {
            return "unknown commit";
        }
        return "commit " + commit + (Boolean.parseBoolean(p.getProperty("uncommitted")) ? " and uncommitted changes"
                : "");
    }
}
