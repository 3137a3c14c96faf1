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
    }

    @Test
    void benchCommandHasHelp() {
        String help = help(new IplBenchCommand());
        assertTrue(help.contains("Usage: ipl") && help.contains("--implementations"), help);
    }
}
