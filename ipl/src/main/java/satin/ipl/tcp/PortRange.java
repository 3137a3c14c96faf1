package satin.ipl.tcp;

/** A listen port range from {@code ipl.port.range}: {@code 0} (any), {@code P} or {@code LOW-HIGH}. */
record PortRange(int low, int high) {
    static PortRange parse(String text) {
        String t = text.trim();
        try {
            int dash = t.indexOf('-');
            PortRange r = dash < 0 ? new PortRange(Integer.parseInt(t), Integer.parseInt(t))
                    : new PortRange(Integer.parseInt(t.substring(0, dash).trim()),
                            Integer.parseInt(t.substring(dash + 1).trim()));
            if (r.low < 0 || r.high > 65535 || r.low > r.high) {
                throw new IllegalArgumentException();
            }
            return r;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("ipl.port.range '" + text + "' is not 0, PORT or LOW-HIGH within 0..65535");
        }
    }
}
