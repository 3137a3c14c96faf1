package satin.cli.bench.apps;

import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import satin.apps.cases.BenchCase;
import satin.apps.cases.BenchCases;

/**
 * {@code satin bench styles}: {@code bench apps} for the programs written the way people write them (own cut-off,
 * spawns in loops, several per level: {@code satin.apps.styles}), each against its sequential twin.
 */
@Command(name = "styles", mixinStandardHelpOptions = true,
        description = {
            "Like 'bench apps' for programs in everyday styles, each with its own cut-off and its sequential "
                + "twin.",
            "queens-loop (N-queens, a spawn per column), knapsack-two (0/1 knapsack, two spawns per item), "
                + "matmul-eight (blocked matrix multiply, eight spawns per level); prints t_1/t_s and efficiency."})
public final class StylesBenchCommand extends AppsBenchCommand {

    @Override
    protected Map<String, Supplier<BenchCase>> cases(BenchCases.Scale scale) {
        return BenchCases.styles(scale);
    }
}
