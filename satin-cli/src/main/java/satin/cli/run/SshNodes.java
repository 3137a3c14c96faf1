package satin.cli.run;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import satin.cli.launch.LocalLauncher;

/**
 * Starts the nodes of {@code satin run --hosts FILE} over {@code ssh}, with the user's OpenSSH configuration
 * (host keys, agent, jump hosts; extra options with {@code --ssh-option}). Node i runs in a directory of its own
 * on its host, {@code ${TMPDIR:-/tmp}/satin-run-<run>-<i>}, removed when the node ends: unless the hosts share
 * this file system ({@code --shared-fs}), the class path and the run's fresh secret are copied there first
 * (a {@code tar} stream over the same {@code ssh}, their absolute paths kept under the directory). Nothing else is
 * written on the host.
 *
 * <p>The remote node ends when its {@code ssh} ends: the JVM gets the ssh session's standard input, reads the
 * start-up message from it and then stops when it closes ({@code --end-with-input}), which happens when the launcher
 * stops its ssh processes (at the end, on a failure, on Ctrl-C) or dies; a hang-up or termination signal to the
 * remote shell stops it too. Remote JVMs are found as {@code java} on the host's {@code PATH}.
 */
final class SshNodes implements LocalLauncher.RemoteNodes {
    private final List<HostsFile.Host> hosts;
    private final List<String> sshOptions;
    private final boolean sharedFs;
    private final String registryHost;
    private final String run = Long.toString(ProcessHandle.current().pid(), 36) + Long.toString(System.nanoTime() & 0xffffff, 36);
    /** Local files and directories shipped to each host (class path, fresh secret). */
    private final Set<String> shipped = new LinkedHashSet<>();

    SshNodes(List<HostsFile.Host> hosts, List<String> sshOptions, boolean sharedFs, String registryHost,
            List<String> extraShipped) {
        this.hosts = hosts;
        this.sshOptions = List.copyOf(sshOptions);
        this.sharedFs = sharedFs;
        this.registryHost = registryHost;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                shipped.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        for (String e : extraShipped) {
            shipped.add(Path.of(e).toAbsolutePath().normalize().toString());
        }
    }

    @Override
    public String name(int i) {
        String host = hosts.get(i).address();
        long same = hosts.stream().filter(h -> h.address().equals(host)).count();
        return same > 1 ? host + "#" + i : host;
    }

    /** The node name in the pool: the host with its dots as dashes, and the index when a host runs several. */
    String nodeName(int i) {
        return name(i).replace('.', '-').replace('#', '-').replace('@', '-');
    }

    @Override
    public String registryHost() {
        return registryHost;
    }

    private String directory(int i) {
        return "${TMPDIR:-/tmp}/satin-run-" + run + "-" + i;
    }

    @Override
    public List<String> command(int i, List<String> localJava, List<String> nodeArgs) throws IOException {
        HostsFile.Host host = hosts.get(i);
        String dir = directory(i);
        if (!sharedFs && i == 0) {
            // every copy before the first node starts: a node's start-up must not compete with the copying
            for (int k = 0; k < hosts.size(); k++) {
                ship(hosts.get(k), directory(k));
            }
        }
        // localJava: java [jvm flags] -cp CLASSPATH MAIN; the host runs its own java with the mapped class path
        List<String> java = new ArrayList<>(List.of("java"));
        int cp = localJava.indexOf("-cp");
        java.addAll(localJava.subList(1, cp));
        java.addAll(host.javaOptions());
        java.add("-cp");
        java.add(mapPaths(localJava.get(cp + 1), dir));
        java.addAll(localJava.subList(cp + 2, localJava.size()));
        StringBuilder line = new StringBuilder();
        for (String a : java) {
            line.append(quoteArg(a)).append(' ');
        }
        for (String a : hostArguments(nodeArgs, host)) {
            line.append(quoteArg(mapPaths(a, dir))).append(' ');
        }
        // The node reads the ssh session's standard input itself (fd 3: an asynchronous command gets /dev/null
        // otherwise): the start-up message, then its end, which stops the node (--end-with-input) when the launcher
        // closes its ssh or dies. Nothing here reads that input, so the message reaches the JVM whole.
        // A signal to this script (sshd's HUP or TERM when the connection drops) stops the node instead of the
        // script, which waits for the node and then removes the directory; handlers, unlike ignored signals,
        // are not inherited by the node.
        String script = "D=\"" + dir + "\"; mkdir -p \"$D\" && cd \"$D\" || exit 1\n"
                + "exec 3<&0\n"
                + line + "<&3 3<&- &\n"
                + "pid=$!\n"
                + "exec 0</dev/null 3<&-\n"
                + "trap 'kill $pid 2>/dev/null' HUP TERM INT\n"
                + "wait $pid; status=$?\n"
                + "while kill -0 $pid 2>/dev/null; do wait $pid; status=$?; done\n"
                + "cd / && rm -rf \"$D\"\n"
                + "exit $status\n";
        List<String> ssh = ssh(host);
        ssh.add("sh -c " + quote(script));
        return ssh;
    }

    /**
     * Node i's arguments on its host: {@link #withHostSecret}, and its line's published address
     * ({@link HostsFile#NODE_ADDRESS}) in front, before the program and its arguments.
     */
    static List<String> hostArguments(List<String> nodeArgs, HostsFile.Host host) {
        List<String> args = new ArrayList<>(withHostSecret(nodeArgs, host));
        if (host.nodeAddress() != null) {
            args.addAll(0, List.of("--node-address", host.nodeAddress()));
        }
        return args;
    }

    /** The java option of a hosts-file line that names where that host keeps the pool secret. */
    static final String HOST_SECRET_OPTION = "-Dsatin.pool-secret-file=";

    /**
     * The node's arguments, with {@code --pool-secret-file} pointing where its host keeps the secret when its
     * line says so ({@value #HOST_SECRET_OPTION}PATH among its java options, a path on that host): for hosts that
     * keep their copy of the secret somewhere else than this machine.
     */
    static List<String> withHostSecret(List<String> nodeArgs, HostsFile.Host host) {
        String own = null;
        for (String o : host.javaOptions()) {
            if (o.startsWith(HOST_SECRET_OPTION)) {
                own = o.substring(HOST_SECRET_OPTION.length());
            }
        }
        int at = nodeArgs.indexOf("--pool-secret-file");
        if (own == null || at < 0) {
            return nodeArgs;
        }
        List<String> args = new ArrayList<>(nodeArgs);
        args.set(at + 1, own);
        return args;
    }

    private List<String> ssh(HostsFile.Host host) {
        List<String> ssh = new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes"));
        ssh.addAll(sshOptions);
        ssh.add(host.address());
        return ssh;
    }

    /** Copies the shipped files to the host's run directory: tar here, untar there, over one ssh. */
    private void ship(HostsFile.Host host, String dir) throws IOException {
        List<String> tar = new ArrayList<>(List.of("tar", "-C", "/", "-cf", "-"));
        for (String path : shipped) {
            tar.add(path.substring(1));
        }
        List<String> untar = ssh(host);
        untar.add("sh -c " + quote("D=\"" + dir + "\"; mkdir -p \"$D\" && tar -C \"$D\" -xf -"));
        List<Process> pipeline = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder(tar).redirectError(ProcessBuilder.Redirect.DISCARD),
                new ProcessBuilder(untar).redirectErrorStream(true)));
        Process last = pipeline.get(pipeline.size() - 1);
        byte[] said = last.getInputStream().readAllBytes();
        try {
            int status = last.waitFor();
            if (status != 0) {
                throw new IOException("copying the class path to " + host.address() + " failed (ssh exit " + status
                        + "): " + new String(said, StandardCharsets.UTF_8).trim());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pipeline.forEach(Process::destroyForcibly);
            throw new IOException("interrupted copying the class path to " + host.address());
        }
    }

    /** A local path (or path list) as the host sees it: under the run directory, unless the file system is shared. */
    private String mapPaths(String arg, String dir) {
        if (sharedFs) {
            return arg;
        }
        String[] parts = arg.split(File.pathSeparator, -1);
        boolean any = false;
        for (int k = 0; k < parts.length; k++) {
            if (parts[k].isEmpty()) {
                continue;
            }
            String abs = Path.of(parts[k]).toAbsolutePath().normalize().toString();
            if (shipped.contains(abs)) {
                parts[k] = dir + abs;
                any = true;
            }
        }
        return any ? String.join(File.pathSeparator, parts) : arg;
    }

    /** Single-quotes for sh. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Single-quotes for sh, but a path under the run directory keeps "${TMPDIR:-/tmp}" expandable. */
    static String quoteArg(String s) {
        String dirPrefix = "${TMPDIR:-/tmp}/";
        StringBuilder b = new StringBuilder();
        int at = 0;
        for (int k; (k = s.indexOf(dirPrefix, at)) >= 0; at = k + dirPrefix.length()) {
            b.append(quote(s.substring(at, k))).append("\"${TMPDIR:-/tmp}\"/");
        }
        return b.append(quote(s.substring(at))).toString();
    }
}
