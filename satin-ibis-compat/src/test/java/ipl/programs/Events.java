package ipl.programs;

import java.util.ArrayList;
import java.util.List;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisFactory;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.RegistryEventHandler;

/**
 * Registry upcalls, signals and termination: every instance counts joins with a handler (enabled after creation, so
 * early events wait for it), the coordinator signals each of the others by name, they answer by signal, and the
 * coordinator terminates the pool; everyone waits for that.
 */
public class Events implements RegistryEventHandler {
    private final List<IbisIdentifier> joined = new ArrayList<IbisIdentifier>();
    private final List<String> signals = new ArrayList<String>();
    private IbisIdentifier terminatedBy;
    private boolean closed;

    public synchronized void joined(IbisIdentifier ident) {
        joined.add(ident);
        notifyAll();
    }

    public void left(IbisIdentifier ident) {
    }

    public void died(IbisIdentifier corpse) {
    }

    public synchronized void gotSignal(String signal, IbisIdentifier source) {
        signals.add(signal + " from " + source.name());
        notifyAll();
    }

    public void electionResult(String electionName, IbisIdentifier winner) {
    }

    public synchronized void poolClosed() {
        closed = true;
        notifyAll();
    }

    public synchronized void poolTerminated(IbisIdentifier source) {
        terminatedBy = source;
        notifyAll();
    }

    public static void main(String[] args) throws Exception {
        Events handler = new Events();
        IbisCapabilities caps = new IbisCapabilities(IbisCapabilities.CLOSED_WORLD,
                IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED, IbisCapabilities.SIGNALS,
                IbisCapabilities.ELECTIONS_STRICT, IbisCapabilities.TERMINATION);
        Ibis ibis = IbisFactory.createIbis(caps, handler);
        ibis.registry().enableEvents();
        int size = ibis.registry().getPoolSize();
        synchronized (handler) {
            while (!handler.closed || handler.joined.size() < size) {
                handler.wait();
            }
        }
        IbisIdentifier boss = ibis.registry().elect("coordinator");
        if (boss.equals(ibis.identifier())) {
            for (IbisIdentifier other : handler.joined) {
                if (!other.equals(boss)) {
                    ibis.registry().signal("hello " + other.name(), other);
                }
            }
            synchronized (handler) {
                while (handler.signals.size() < size - 1) {
                    handler.wait();
                }
            }
            ibis.registry().terminate();
        } else {
            synchronized (handler) {
                while (handler.signals.isEmpty()) {
                    handler.wait();
                }
            }
            ibis.registry().signal("ack " + ibis.identifier().name(), boss);
        }
        IbisIdentifier by = ibis.registry().waitUntilTerminated();
        synchronized (handler) {
            while (handler.terminatedBy == null) {
                handler.wait();
            }
            System.out.println(ibis.identifier().name() + " saw " + handler.joined.size() + " joins, signals "
                    + handler.signals + ", terminated by " + (by.equals(boss) ? "the coordinator" : by)
                    + ", upcall agrees: " + handler.terminatedBy.equals(by));
        }
        ibis.end();
    }
}
