/**
 * {@code satin bench model}: what the rest of the programming model costs: how fast {@code abort()} stops running
 * work, and what a spawn under an inlet costs against a plain one.
 */
package satin.cli.bench.model;
