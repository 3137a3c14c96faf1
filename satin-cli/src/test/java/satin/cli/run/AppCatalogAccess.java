package satin.cli.run;

import java.util.Set;

/** Package-private facts of {@code satin run} for tests in other packages. */
public final class AppCatalogAccess {
    private AppCatalogAccess() {
    }

    public static Set<String> names() {
        return AppCatalog.load(AppCatalogAccess.class.getClassLoader()).apps().keySet();
    }

    public static Set<String> nodeOnlyOptions() {
        return NodeOnlyOptions.NEEDS.keySet();
    }
}
