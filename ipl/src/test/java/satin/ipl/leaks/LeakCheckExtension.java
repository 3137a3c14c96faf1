package satin.ipl.leaks;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class of this module (automatic extension registration, see {@code
 * junit-platform.properties}): turns on Netty's paranoid leak detection before a class runs and fails the
 * class if a leaked buffer was reported by the time it finished (see {@link Leaks}).
 */
public final class LeakCheckExtension implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        Leaks.install();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Leaks.assertNone(context.getDisplayName());
    }
}
