package satin.rewriter.agent;

/** Runs Fig. 2.1's Fib, then shows that the agent defined Fib's invocation record in the same loader. */
public final class AgentProbe {

    private AgentProbe() {
    }

    public static void main(String[] args) throws Exception {
        Class<?> fib = Class.forName("Fib");
        java.lang.reflect.Method main = fib.getMethod("main", String[].class);
        main.setAccessible(true); // Fib is package-private, as in the paper
        main.invoke(null, (Object) args);
        Class<?> record = Class.forName("Fib$SatinRecord0", false, fib.getClassLoader());
        System.out.println("record " + record.getName() + " extends " + record.getSuperclass().getName());
    }
}
