/**
 * What every application's {@code main} shares: positional arguments with defaults and clear errors ({@link
 * satin.apps.common.Args}), the run-print-check shape and its exit status ({@link satin.apps.common.AppMain}), and
 * timing ({@link satin.apps.common.Timed}).
 */
package satin.apps.common;
