/**
 * The implementation of the Ibis API ({@code ibis.ipl}) on this project's IPL ({@code satin.ipl}): an Ibis instance
 * is an IPL node ({@link satin.ibiscompat.CompatIbis}), its registry the node's registry with the API's event
 * switch and downcall lists ({@link satin.ibiscompat.CompatRegistry}), each port an IPL byte-level port whose
 * messages this package encodes ({@link satin.ibiscompat.OutgoingMessage}, {@link satin.ibiscompat.IncomingMessage},
 * {@link satin.ibiscompat.PortTypes}). {@link satin.ibiscompat.IbisStarter} maps the {@code ibis.*} properties.
 */
package satin.ibiscompat;
