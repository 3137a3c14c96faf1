package satin.cli.chaos;

import satin.cli.fixture.ProcFs;

/**
 * A node JVM of a chaos run, found in /proc: its process, its name in the launcher's messages and its node name in the
 * pool.
 */
record NodeJvm(long pid, String name, String nodeName) {

    /** Whether this JVM runs the program's {@code main} now: the thread NODE-main, as the kernel cuts its name. */
    boolean runsMain() {
        String thread = nodeName + "-main";
        String comm = thread.substring(0, Math.min(15, thread.length()));
        return ProcFs.threads(pid).contains(comm);
    }

    boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Whether the command line's first word is a java command: the JVM itself, not a shell that starts it. */
    static boolean isJava(String cmdline) {
        String first = cmdline.split(" ", 2)[0];
        return first.equals("java") || first.endsWith("/java");
    }
}
