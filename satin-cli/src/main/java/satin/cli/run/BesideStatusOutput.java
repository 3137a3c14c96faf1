package satin.cli.run;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The program's standard output while a progress line is shown on standard error: each write goes through
 * {@link StatusLineWriter#beside}, which erases the status line first and keeps it away while the program's line is
 * unfinished, so that on a terminal the program's output never lands on the status line (issue 29 item 4:
 * {@code ... busy cluster0 97% cluster1 46%fib(40) = 102334155}). Writes are flushed at once: the program's bytes
 * are written before the status line can be drawn again.
 */
final class BesideStatusOutput extends OutputStream {
    private final OutputStream out;
    private final StatusLineWriter status;

    BesideStatusOutput(OutputStream out, StatusLineWriter status) {
        this.out = out;
        this.status = status;
    }

    @Override
    public void write(int b) throws IOException {
        status.beside(() -> {
            out.write(b);
            out.flush();
        }, b == '\n');
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return;
        }
        status.beside(() -> {
            out.write(b, off, len);
            out.flush();
        }, b[off + len - 1] == '\n');
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }
}
