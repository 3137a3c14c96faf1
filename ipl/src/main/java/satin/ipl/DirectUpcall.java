package satin.ipl;

/**
 * An upcall that runs on the transport's own thread, the one that read the message, instead of on a
 * thread of the receive port: a request answered from it travels back without any thread hand-off, like a
 * reply written from a Netty handler. In exchange it must not block: while it runs, nothing else arrives
 * on its connection (and possibly on others served by the same thread). Sends from it never wait for flow
 * control credit; what it sends may exceed the receiver's window by that much. Upcalls of one port still run
 * one at a time, in arrival order per connection.
 *
 * <pre>{@code
 * node.createReceivePort(type, "echo", (DirectUpcall) m -> reply(m));
 * }</pre>
 */
@FunctionalInterface
public interface DirectUpcall extends MessageUpcall {
}
