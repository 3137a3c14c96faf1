package satin.ipl.spi;

import satin.ipl.IplConfig;
import satin.ipl.IplProperties;

/**
 * The ports a network transport may listen on, from {@code ipl.port.range}: {@code 0} (any), {@code P} or
 * {@code LOW-HIGH}, so firewalled sites can open a known range. Transports try them in order.
 */
public record ListenPorts(int low, int high) {

    public static ListenPorts of(IplConfig config) {
        String text = config.get(IplProperties.PORT_RANGE).trim();
        try {
            int dash = text.indexOf('-');
            int low = Integer.parseInt((dash < 0 ? text : text.substring(0, dash)).trim());
            int high = dash < 0 ? low : Integer.parseInt(text.substring(dash + 1).trim());
            if (low < 0 || high > 65535 || low > high) {
                throw new NumberFormatException();
            }
            return new ListenPorts(low, high);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(IplProperties.PORT_RANGE + " '" + text
                    + "' is not 0, PORT or LOW-HIGH within 0..65535");
        }
    }
}
