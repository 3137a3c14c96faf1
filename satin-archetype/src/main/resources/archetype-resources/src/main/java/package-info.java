/**
 * A divide-and-conquer program: {@link ${package}.Fibonacci} declares the spawnable method, {@link ${package}.Fib}
 * implements it and has the {@code main} that {@code java -jar} and {@code mvn exec:java} run.
 */
package ${package};
