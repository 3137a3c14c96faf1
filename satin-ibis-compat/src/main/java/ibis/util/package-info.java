/**
 * Utilities from the original Ibis that Satin programs use: {@link ibis.util.Timer} and
 * {@link ibis.util.TypedProperties}, written from their documentation.
 */
package ibis.util;
