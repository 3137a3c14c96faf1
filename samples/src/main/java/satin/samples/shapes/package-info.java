/**
 * Jobs that carry program types of every kind the serialization list derives without help: concrete base classes
 * with subclasses behind fields, array elements and generic containers, a record, an enum with a constant body,
 * results holding maps. Run on several JVMs with nothing registered by hand.
 */
package satin.samples.shapes;
