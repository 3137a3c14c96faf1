/**
 * The Ibis Portability Layer's programming interface, as programs written for the original Ibis and Satin use it,
 * implemented on this project's IPL ({@code satin.ipl}). Written from the API's documentation: names, signatures and
 * meanings follow it; the implementation behind {@link ibis.ipl.IbisFactory} is {@code satin.ibiscompat}. What maps
 * to what, and what differs, is in the module's README and {@code docs/ibis-compat.md}.
 */
package ibis.ipl;
