package satin.cli.slurm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Slurm's compact host lists expand as Slurm writes them out ({@code scontrol show hostnames}). */
class HostlistTest {

    @Test
    void rangesListsPaddingAndPlainNames() {
        assertEquals(List.of("node01", "node02", "node03", "node07"), Hostlist.expand("node[01-03,07]"));
        assertEquals(List.of("vm"), Hostlist.expand("vm"));
        assertEquals(List.of("a1", "a2", "login", "gpu9-ib", "gpu10-ib"), Hostlist.expand("a[1-2],login,gpu[9-10]-ib"));
        assertEquals(List.of("n098", "n099", "n100"), Hostlist.expand("n[098-100]"));
        assertEquals(List.of("r1n1", "r1n2", "r2n1", "r2n2"), Hostlist.expand("r[1-2]n[1-2]"));
        assertEquals(List.of("fs0.vu.nl", "fs1.vu.nl"), Hostlist.expand("fs[0-1].vu.nl"));
    }

    @Test
    void theFirstHostWithoutExpandingTheRest() {
        assertEquals("node01", Hostlist.first("node[01-03,07],other[1-100000]"));
        assertEquals("r1n5", Hostlist.first("r[1-2]n[5,7]"));
        assertEquals("login", Hostlist.first("login,node[1-2]"));
    }

    @Test
    void malformedListsAreRefusedWithTheCause() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hostlist.expand("node[1-3"))
                .getMessage().contains("unclosed '['"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hostlist.expand("node[3-1]"))
                .getMessage().contains("runs backwards"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hostlist.expand("node[a-b]"))
                .getMessage().contains("'a' is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hostlist.expand("a,,b"))
                .getMessage().contains("empty name"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Hostlist.expand("n[0-99999999]"))
                .getMessage().contains("more than"));
    }
}
