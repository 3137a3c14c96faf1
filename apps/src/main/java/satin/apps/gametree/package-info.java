/**
 * The gametree application: the value of a Connect Four position by parallel alpha-beta search (negamax, fail-soft)
 * with inlets and {@code abort()}. The first {@code spawn depth} levels search the eldest (centre-most) move first,
 * then spawn the younger brothers with the window it gave ("young brothers wait"); each spawned search answers by
 * throwing its value ({@link satin.apps.gametree.Value}, a {@code satin.Inlet}), and the inlet around the spawn raises
 * the best value and, when a child refutes the position (best &gt;= beta), calls {@code abort()} to cancel the siblings
 * still searching, on this node and on others. Below the spawn depth both versions run the same sequential kernel
 * ({@link satin.apps.gametree.AlphaBeta}); the self-check compares the value with the sequential search's. The value
 * is exact at the root whatever the schedule, because every subtree's fail-soft result is a correct bound for the
 * window it was searched with.
 */
package satin.apps.gametree;
