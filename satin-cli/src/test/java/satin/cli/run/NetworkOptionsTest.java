package satin.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** satin run's --port-range and --node-address reach the nodes' IPL, and their misuse is refused. */
@Timeout(120)
class NetworkOptionsTest {

    @Test
    void theNodesListenOnlyInThePortRange() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("0.0.0.0", 0));
            int port = taken.getLocalPort();
            // the only port of the range is taken: a node that honours the range cannot listen
            MultiNodeRuns.Outcome o = MultiNodeRuns.run("--nodes", "2", "--workers", "1", "--timeout", "30",
                    "--port-range", port + "-" + port, "satin.runtime.testapps.FibMain", "10");
            assertEquals(3, o.exit(), o.describe());
            assertTrue(o.err().contains("no free port in ipl.port.range " + port + "-" + port), o.describe());
        }
        try (ServerSocket free = new ServerSocket(0)) {
            int low = free.getLocalPort();
            free.close();
            MultiNodeRuns.Outcome ok = MultiNodeRuns.run("--nodes", "2", "--workers", "1", "--timeout", "60",
                    "--port-range", low + "-" + (low + 20), "satin.runtime.testapps.FibMain", "10");
            assertEquals(0, ok.exit(), ok.describe());
            assertTrue(ok.programOut().contains("55"), ok.describe());
        }
    }

    @Test
    void misuseIsRefusedWithTheReason() {
        MultiNodeRuns.Outcome range = MultiNodeRuns.run("--nodes", "2", "--port-range", "high",
                "satin.runtime.testapps.FibMain", "10");
        assertEquals(2, range.exit(), range.describe());
        assertTrue(range.err().contains("--port-range must be PORT or LOW-HIGH"), range.describe());
        MultiNodeRuns.Outcome address = MultiNodeRuns.run("--nodes", "2", "--node-address", "10.0.0.1",
                "satin.runtime.testapps.FibMain", "10");
        assertEquals(2, address.exit(), address.describe());
        assertTrue(address.err().contains("--node-address is the address of this JVM's node"), address.describe());
        MultiNodeRuns.Outcome slurmOnly = MultiNodeRuns.run("--nodes", "2", "--cluster-of", "x(\\d)",
                "satin.runtime.testapps.FibMain", "10");
        assertEquals(2, slurmOnly.exit(), slurmOnly.describe());
        assertTrue(slurmOnly.err().contains("need --slurm"), slurmOnly.describe());
    }
}
