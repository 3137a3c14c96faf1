package satin.rewriter.samples.embed;

/** Neither spawns nor syncs, so it is not rewritten and its main starts no runtime of its own. */
public class Server {
    public static void main(String[] args) throws Exception {
        try (FibService service = new FibService()) {
            System.out.println("fib(30) = " + service.fib(30).get());
        }
    }
}
