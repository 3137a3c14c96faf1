package satin.cli;

import picocli.CommandLine;

/** Reads the version Maven wrote into the jar manifest. */
final class SatinVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = SatinVersion.class.getPackage().getImplementationVersion();
        return new String[] {"satin " + (version == null ? "(development build)" : version),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")"};
    }
}
