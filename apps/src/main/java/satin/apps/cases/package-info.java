/**
 * Every application at a quick and at a benchmark size, as a pair of its sequential and its Satin version with the
 * test for the same answer: what the applications' tests run on real workers and what {@code satin bench apps}
 * times.
 */
package satin.apps.cases;
