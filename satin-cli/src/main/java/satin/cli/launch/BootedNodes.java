package satin.cli.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The node JVMs a {@link LocalLauncher} started ahead of its run ({@link LocalLauncher#boot}), with the class path
 * and class-data archive they were started with, until the run adopts each ({@link #take}) or abandons them all.
 * Used by the launcher's thread only.
 */
final class BootedNodes {
    private final String classpath;
    private final Optional<StartupArchive> archive;
    private final List<Process> processes;

    BootedNodes(String classpath, Optional<StartupArchive> archive, List<Process> processes) {
        this.classpath = classpath;
        this.archive = archive;
        this.processes = new ArrayList<>(processes);
    }

    String classpath() {
        return classpath;
    }

    Optional<StartupArchive> archive() {
        return archive;
    }

    /** Node {@code i}'s process, once; null when there is none or it was taken. */
    Process take(int i) {
        if (i >= processes.size()) {
            return null;
        }
        Process p = processes.get(i);
        processes.set(i, null);
        return p;
    }

    /** Kills the processes not taken. */
    void abandon() {
        for (int i = 0; i < processes.size(); i++) {
            Process p = take(i);
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }
}
