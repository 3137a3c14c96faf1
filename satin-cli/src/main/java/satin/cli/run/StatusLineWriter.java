package satin.cli.run;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * Standard error with one status line at its bottom ({@code satin run --progress}). On a terminal the status is
 * rewritten in place ({@code \r}); any other text written meanwhile (a node's warning, the launcher's messages)
 * first erases it, so the two never share a line, and the next status update draws it again below. Off a terminal
 * each status is a line of its own. The program's standard output goes through {@link #beside} (a
 * {@link BesideStatusOutput}): it erases the status before each write, and no status is drawn while the program's
 * last line is unfinished. Every write holds the writer's lock, as {@link PrintWriter}'s own do.
 */
final class StatusLineWriter extends PrintWriter {
    private final boolean terminal;
    /** Width of the status line on screen, 0 when none is shown. Guarded by {@link #lock}. */
    private int shown;
    /** The status line itself is being written: no erasing then. Guarded by {@link #lock}. */
    private boolean drawing;
    /**
     * The program's output ({@link #beside}) ended in the middle of a line: a status drawn now would land on that
     * line, so none is drawn until the program ends it. Guarded by {@link #lock}.
     */
    private boolean programMidLine;

    /** Writing the program's output, which may fail. */
    interface ProgramWrite {
        void write() throws java.io.IOException;
    }

    StatusLineWriter(Writer err, boolean terminal) {
        super(err, true);
        this.terminal = terminal;
    }

    boolean terminal() {
        return terminal;
    }

    /**
     * Shows {@code line} as the status: in place on a terminal, as a line of its own otherwise. Holds this writer's
     * monitor too, as the launcher's relay does around each relayed line, so a status never lands inside one.
     */
    synchronized void status(String line) {
        synchronized (lock) {
            if (programMidLine) {
                return; // the next tick draws it, once the program has ended its line
            }
            drawing = true;
            try {
                if (terminal) {
                    String padded = line.length() < shown ? line + " ".repeat(shown - line.length()) : line;
                    super.write("\r" + padded, 0, padded.length() + 1);
                    shown = line.length();
                } else {
                    super.println(line);
                }
                flush();
            } finally {
                drawing = false;
            }
        }
    }

    /**
     * Writes the program's own output (standard output, which shares the terminal): the status line is erased first
     * and not drawn again while the program's last line is unfinished, so the two never share a line. Holds the lock
     * of this writer for the write, so no status is drawn in the middle of it.
     *
     * @param endsLine whether the output written ends with a line separator
     */
    void beside(ProgramWrite write, boolean endsLine) throws java.io.IOException {
        synchronized (lock) {
            erase();
            flush();
            write.write();
            programMidLine = !endsLine;
        }
    }

    /** Erases the status line (on a terminal), e.g. before the final summary. */
    void clearStatus() {
        synchronized (lock) {
            erase();
            flush();
        }
    }

    private void erase() {
        if (shown > 0 && !drawing) {
            String blank = "\r" + " ".repeat(shown) + "\r";
            shown = 0;
            super.write(blank, 0, blank.length());
        }
    }

    @Override
    public void write(int c) {
        synchronized (lock) {
            erase();
            super.write(c);
        }
    }

    @Override
    public void write(char[] buf, int off, int len) {
        synchronized (lock) {
            erase();
            super.write(buf, off, len);
        }
    }

    @Override
    public void write(String s, int off, int len) {
        synchronized (lock) {
            erase();
            super.write(s, off, len);
        }
    }
}
