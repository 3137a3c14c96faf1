package satin.cli.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * Slurm's compact host lists, as in {@code SLURM_JOB_NODELIST}: comma-separated names, each with any number of
 * bracketed ranges, e.g. {@code node[01-03,07],gpu[1-2]-ib,login} is {@code node01 node02 node03 node07 gpu1-ib
 * gpu2-ib login}. A range keeps the width of its first bound ({@code 01-03}: two digits); several brackets in one
 * name multiply ({@code r[1-2]n[1-2]}: r1n1 r1n2 r2n1 r2n2), in Slurm's order.
 */
public final class Hostlist {

    /** The most names one list may expand to: a bound for a malformed or hostile value. */
    static final int MAX_HOSTS = 1_000_000;

    private Hostlist() {
    }

    /** Every host of {@code list}, in order. */
    public static List<String> expand(String list) {
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("empty host list");
        }
        List<String> hosts = new ArrayList<>();
        for (String name : splitTopLevel(list.strip())) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("empty name in host list '" + list + "'");
            }
            expandName(name, list, hosts);
        }
        return hosts;
    }

    /** The first host of {@code list}, without expanding the rest. */
    public static String first(String list) {
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("empty host list");
        }
        String name = splitTopLevel(list.strip()).get(0);
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < name.length()) {
            char c = name.charAt(i);
            if (c == '[') {
                int close = name.indexOf(']', i);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed '[' in host list '" + list + "'");
                }
                String range = name.substring(i + 1, close).split(",", -1)[0];
                b.append(range.contains("-") ? range.substring(0, range.indexOf('-')) : range);
                i = close + 1;
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    /** Splits at commas outside brackets. */
    private static List<String> splitTopLevel(String list) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '[') {
                if (depth++ > 0) {
                    throw new IllegalArgumentException("nested '[' in host list '" + list + "'");
                }
            } else if (c == ']') {
                if (--depth < 0) {
                    throw new IllegalArgumentException("']' without '[' in host list '" + list + "'");
                }
            } else if (c == ',' && depth == 0) {
                parts.add(list.substring(start, i).strip());
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw new IllegalArgumentException("unclosed '[' in host list '" + list + "'");
        }
        parts.add(list.substring(start).strip());
        return parts;
    }

    /** Appends every name {@code pattern} stands for: the first bracket's values, each with the rest expanded. */
    private static void expandName(String pattern, String list, List<String> out) {
        int open = pattern.indexOf('[');
        if (open < 0) {
            add(out, pattern, list);
            return;
        }
        int close = pattern.indexOf(']', open);
        String prefix = pattern.substring(0, open);
        String rest = pattern.substring(close + 1);
        for (String range : pattern.substring(open + 1, close).split(",", -1)) {
            range = range.strip();
            int dash = range.indexOf('-');
            if (dash < 0) {
                digits(range, list);
                expandName(prefix + range + rest, list, out);
                continue;
            }
            String lo = range.substring(0, dash);
            String hi = range.substring(dash + 1);
            digits(lo, list);
            digits(hi, list);
            long from = Long.parseLong(lo);
            long to = Long.parseLong(hi);
            if (to < from) {
                throw new IllegalArgumentException("range '" + range + "' runs backwards in host list '" + list + "'");
            }
            if (to - from >= MAX_HOSTS) {
                throw new IllegalArgumentException("range '" + range + "' in host list '" + list + "' has more than "
                        + MAX_HOSTS + " hosts");
            }
            for (long n = from; n <= to; n++) {
                String number = Long.toString(n);
                while (number.length() < lo.length()) {
                    number = "0" + number;
                }
                expandName(prefix + number + rest, list, out);
            }
        }
    }

    private static void digits(String s, String list) {
        if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("'" + s + "' is not a number in host list '" + list + "'");
        }
    }

    private static void add(List<String> out, String name, String list) {
        if (out.size() >= MAX_HOSTS) {
            throw new IllegalArgumentException("host list '" + list + "' has more than " + MAX_HOSTS + " hosts");
        }
        out.add(name);
    }
}
