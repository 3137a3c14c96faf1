package satin.cli.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

import satin.cli.bench.ipl.IplBenchCommand;

class CommandsTest {
    private static String help(Object command) {
        StringWriter text = new StringWriter();
        CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(text));
        assertEquals(0, cl.execute("--help"));
        return text.toString();
    }

    @Test
    void serverCommandHasHelpAndPortOption() {
        String help = help(new ServerCommand());
        assertTrue(help.contains("Usage: server") && help.contains("--port"), help);
        for (String limit : new String[] {"--max-pools", "--max-members", "--max-message-bytes", "--joins-per-second",
                "--join-burst", "--pool-secret-file", "--insecure"}) {
            assertTrue(help.contains(limit), limit + " in\n" + help);
        }
        assertTrue(help.contains("Members of one pool (default 10000)"), help);
    }

    @Test
    void benchCommandHasHelp() {
        String help = help(new IplBenchCommand());
        assertTrue(help.contains("Usage: ipl") && help.contains("--implementations"), help);
    }
}
