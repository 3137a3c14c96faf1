/**
 * The Satin programming model, what a program compiles against: {@link satin.Spawnable} marks interfaces whose
 * methods are spawnable, {@link satin.SatinObject} is the base class of their implementations and gives
 * {@code sync()}. Unrewritten, a program using only these is an ordinary sequential Java program; the rewriter
 * turns spawnable calls and {@code sync()} into calls of {@link satin.contract.Spawns}. {@link satin.Inlet} and
 * {@code abort()} serve speculative work; {@link satin.SharedObject} and {@link satin.WriteMethodsInterface} give
 * objects replicated on every node, changed by write methods applied everywhere in one order. The original's static
 * methods of {@code SatinObject} ({@code pause}, {@code resume}, {@code needMoreJobs}, {@code localJob},
 * {@code deepCopy}) ask the calling thread's runtime through {@link satin.RuntimeThread}, and have their sequential
 * meaning without one.
 */
package satin;
