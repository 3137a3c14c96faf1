package satin.runtime.testapps;

/** {@link FibMain} with the entry the rewriter puts into a program's main: started with plain java, it starts a runtime. */
public final class BootstrappedFibMain {

    private BootstrappedFibMain() {
    }

    public static void main(String[] args) {
        if (satin.contract.MainEntry.enter(BootstrappedFibMain.class, args)) {
            return;
        }
        FibMain.main(args);
    }
}
