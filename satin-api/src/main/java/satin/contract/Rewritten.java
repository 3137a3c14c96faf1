package satin.contract;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class file produced by the rewriter: a rewritten user class or a generated invocation record.
 * The rewriter leaves classes carrying this mark untouched, which makes rewriting idempotent.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Rewritten {
    /** Version of the rewriter/runtime entry contract the class was produced for. */
    int value();
}
