/**
 * {@code satin bench apps}: t_s, t_1 and t_p of every bundled application, with the paper's overhead t_1/t_s and
 * efficiency t_s/(t_p x N), in interleaved rounds.
 */
package satin.cli.bench.apps;
