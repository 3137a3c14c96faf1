package satin.simulator.paper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.simulator.workload.PaperApps;
import satin.simulator.workload.TreeShape;

class Table21ExperimentTest {
    private static final TreeShape TINY = PaperApps.N_QUEENS.withTotalNanos(300_000_000_000L).withLeafNanos(1_000_000_000L);

    @Test
    void parallelCellsGiveTheSameRowsInTheSameOrder() {
        Table21Experiment e = new Table21Experiment(16, List.of(Table21Setting.SINGLE, Table21Setting.wide(4, 200, 100)), List.of(TINY),
                Table21Experiment.DAS_LOCAL, 3, null);
        List<Table21Experiment.Row> serial = e.run(line -> {
        }, 1);
        List<Table21Experiment.Row> parallel = e.run(line -> {
        }, 3);
        assertEquals(serial, parallel);
        assertEquals(4, serial.size());
        assertTrue(Double.isNaN(serial.get(0).paperEfficiency()), "no paper values for a 16-CPU table");
    }

    @Test
    void nodesMustSplitIntoTheClusters() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> new Table21Experiment(10,
                List.of(Table21Setting.wide(4, 20, 1000)), List.of(TINY), Table21Experiment.DAS_LOCAL, 1, null));
        assertTrue(ex.getMessage().contains("10 nodes cannot be split into 4"));
    }
}
