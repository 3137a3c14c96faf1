/**
 * The rewriter of one class file: {@link satin.rewriter.Rewriter} finds spawn sites and syncs
 * ({@code spawn}), checks misuse, rewrites the methods and generates the invocation records ({@code transform})
 * against the type hierarchy of the class path ({@code hierarchy}), and returns a
 * {@link satin.rewriter.ClassRewrite}: the new bytes, the generated records and the diagnostics. What it emits is
 * the contract of {@code satin.contract} (names from {@code ContractNames}); it never depends on a runtime.
 * Whole directories and jars are {@code batch}; rewriting at class-load time is {@code agent}.
 */
package satin.rewriter;
