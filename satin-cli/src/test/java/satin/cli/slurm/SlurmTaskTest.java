package satin.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task's place in its Slurm job step, read from the environment srun gives it; and the cluster rules. */
class SlurmTaskTest {

    private static Map<String, String> env(String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void rankSizeFirstHostAndNamesFromTheStep() {
        SlurmTask t = SlurmTask.from(env("SLURM_PROCID", "2", "SLURM_NTASKS", "8", "SLURM_STEP_NUM_TASKS", "3",
                "SLURM_JOB_NODELIST", "x[1-9]", "SLURM_STEP_NODELIST", "node[07-09]", "SLURMD_NODENAME", "node09",
                "SLURM_CPUS_PER_TASK", "4", "SLURM_JOB_ID", "4711", "SLURM_STEP_ID", "2"));
        assertEquals(2, t.rank());
        assertEquals(3, t.tasks(), "the step's tasks, not the job's");
        assertEquals("node07", t.firstHost(), "the step's first host");
        assertEquals("node09", t.host());
        assertEquals(4, t.cpusPerTask());
        assertEquals("slurm-4711.2", t.poolName());
        assertEquals("node09-2", t.nodeName());
        int port = t.defaultRegistryPort();
        assertTrue(port >= 20000 && port < 40000, "port " + port);
    }

    @Test
    void jobVariablesServeWhenStepOnesAreMissing() {
        SlurmTask t = SlurmTask.from(env("SLURM_PROCID", "0", "SLURM_NTASKS", "2", "SLURM_JOB_NODELIST", "a,b",
                "SLURMD_NODENAME", "a", "SLURM_JOB_ID", "9"));
        assertEquals(2, t.tasks());
        assertEquals("a", t.firstHost());
        assertEquals(0, t.cpusPerTask(), "unknown: the node uses its own processors");
        assertNotEquals(t.defaultRegistryPort(), SlurmTask.from(env("SLURM_PROCID", "0", "SLURM_NTASKS", "2",
                "SLURM_JOB_NODELIST", "a,b", "SLURMD_NODENAME", "a", "SLURM_JOB_ID", "9", "SLURM_STEP_ID", "1"))
                .defaultRegistryPort(), "another step of the job meets at another port");
    }

    @Test
    void outsideSlurmOrWithBadValuesTheErrorNamesTheVariable() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> SlurmTask.from(env()));
        assertTrue(none.getMessage().contains("SLURM_PROCID is not set") && none.getMessage().contains("srun"),
                none.getMessage());
        IllegalArgumentException rank = assertThrows(IllegalArgumentException.class, () -> SlurmTask.from(env(
                "SLURM_PROCID", "3", "SLURM_NTASKS", "3", "SLURM_JOB_NODELIST", "a", "SLURM_JOB_ID", "1")));
        assertTrue(rank.getMessage().contains("SLURM_PROCID=3 is not below SLURM_NTASKS=3"), rank.getMessage());
        IllegalArgumentException list = assertThrows(IllegalArgumentException.class, () -> SlurmTask.from(env(
                "SLURM_PROCID", "0", "SLURM_NTASKS", "1", "SLURM_JOB_NODELIST", "a[1-", "SLURM_JOB_ID", "1")));
        assertTrue(list.getMessage().startsWith("SLURM_JOB_NODELIST: unclosed"), list.getMessage());
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class, () -> SlurmTask.from(env(
                "SLURM_PROCID", "0", "SLURM_NTASKS", "many", "SLURM_JOB_NODELIST", "a", "SLURM_JOB_ID", "1")));
        assertTrue(count.getMessage().contains("SLURM_NTASKS=many is not a whole number"), count.getMessage());
    }

    @Test
    void clustersFromAPatternOrAFile(@TempDir Path dir) throws Exception {
        ClusterRule pattern = ClusterRule.parse("fs\\d+\\.(\\w+)\\..*");
        assertEquals("vu", pattern.clusterOf("fs3.vu.das.nl"));
        assertEquals("uva", pattern.clusterOf("fs12.uva.das.nl"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> pattern.clusterOf("login.vu.nl")).getMessage()
                .contains("does not match"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ClusterRule.parse("node\\d+")).getMessage()
                .contains("no capture group"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ClusterRule.parse("node(")).getMessage()
                .contains("neither a file nor a regular expression"));
        Path file = dir.resolve("clusters.txt");
        Files.writeString(file, "# host cluster\nnode1 amsterdam\nnode2 delft  # the other site\n");
        ClusterRule table = ClusterRule.parse(file.toString());
        assertEquals("amsterdam", table.clusterOf("node1"));
        assertEquals("delft", table.clusterOf("node2.example.org"), "short names serve full names");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> table.clusterOf("node3")).getMessage()
                .contains("'node3' is not in the --cluster-of file"));
        Files.writeString(file, "node1 a b\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ClusterRule.parse(file.toString()))
                .getMessage().contains("line 1: expected 'host cluster'"));
        assertEquals(ClusterRule.SINGLE, ClusterRule.parse(null).clusterOf("anything"));
    }
}
