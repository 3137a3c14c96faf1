package satin.simulator.paper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The paper's CSV files: '#' lines are comments, the first other line is the header, fields are plain
 * comma-separated (no quoting needed in these files). Read from a directory or from the copies bundled in
 * this module's resources.
 */
public record CsvTable(String source, List<String> header, List<List<String>> rows) {
    private static final String RESOURCE_DIR = "/satin/simulator/paper/";

    /** Reads {@code file} from {@code dir}, or from the bundled copy when {@code dir} is null. */
    public static CsvTable load(Path dir, String file) {
        try {
            if (dir != null) {
                Path path = dir.resolve(file);
                if (!Files.isRegularFile(path)) {
                    throw new IllegalArgumentException("paper data file not found: " + path);
                }
                try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
                    return parse(path.toString(), in);
                }
            }
            InputStream stream = CsvTable.class.getResourceAsStream(RESOURCE_DIR + file);
            if (stream == null) {
                throw new IllegalStateException("bundled paper data missing: " + RESOURCE_DIR + file);
            }
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                return parse(file, in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read paper data " + file, e);
        }
    }

    static CsvTable parse(String source, BufferedReader in) throws IOException {
        List<String> header = null;
        List<List<String>> rows = new ArrayList<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> fields = Arrays.stream(line.split(",", -1)).map(String::trim).toList();
            if (header == null) {
                header = fields;
            } else if (fields.size() != header.size()) {
                throw new IllegalArgumentException(source + ": row has " + fields.size() + " fields, header has " + header.size() + ": " + line);
            } else {
                rows.add(fields);
            }
        }
        if (header == null) {
            throw new IllegalArgumentException(source + ": no header line");
        }
        return new CsvTable(source, header, List.copyOf(rows));
    }

    /** Index of a column, failing with the file name when it is missing. */
    public int column(String name) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(source + ": no column '" + name + "' (columns: " + header + ")");
        }
        return i;
    }

    /** A numeric field; "-" and empty fields are NaN. */
    public double number(List<String> row, String columnName) {
        String v = row.get(column(columnName));
        if (v.isEmpty() || v.equals("-")) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ": column '" + columnName + "' has non-numeric value '" + v + "'", e);
        }
    }
}
