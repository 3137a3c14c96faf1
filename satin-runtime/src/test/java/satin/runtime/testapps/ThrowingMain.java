package satin.runtime.testapps;

/** A program whose main fails. */
public final class ThrowingMain {

    private ThrowingMain() {
    }

    public static void main(String[] args) {
        throw new IllegalStateException("boom from main");
    }
}
