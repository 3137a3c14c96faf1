package satin.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class file produced by the rewriter: a rewritten user class or a generated invocation record.
 * The rewriter leaves classes carrying this mark with its own {@link #format()} untouched, which makes rewriting
 * idempotent; a class marked with another format was made by another rewriter and is rewritten again from the
 * original class file it carries (see the rewriter's README, "Format versions").
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Rewritten {
    /** Version of the rewriter/runtime entry contract the class was produced for. */
    int value();

    /**
     * Version of the rewriter's output format: which shape of rewritten code the class holds. Classes rewritten
     * before formats were recorded have none (0).
     */
    int format() default 0;
}
