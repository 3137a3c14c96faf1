package satin.runtime.node.sim;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * Thousands of simulated crashes would log thousands of recovery warnings: a test class of the simulation mutes them
 * with {@code @ExtendWith(QuietRecovery.class)}, for the class's tests only.
 */
public final class QuietRecovery implements BeforeAllCallback, AfterAllCallback {

    private static final Logger RECOVERY = (Logger) LoggerFactory.getLogger("satin.runtime.node.recovery");

    @Override
    public void beforeAll(ExtensionContext context) {
        RECOVERY.setLevel(Level.ERROR);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RECOVERY.setLevel(null);
    }
}
