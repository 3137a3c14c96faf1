package ipl.programs;

import java.util.Arrays;

import ibis.ipl.Ibis;
import ibis.ipl.IbisCapabilities;
import ibis.ipl.IbisFactory;
import ibis.ipl.IbisIdentifier;
import ibis.ipl.Registry;

/**
 * Registry downcalls: no handler; the instances poll joinedIbises() until everyone is there, agree on an election
 * seen from outside (getElectionResult), and the winner polls receivedSignals() for everyone's report, then ends
 * last; the others' leaving shows in its leftIbises().
 */
public class Downcalls {
    public static void main(String[] args) throws Exception {
        IbisCapabilities caps = new IbisCapabilities(IbisCapabilities.CLOSED_WORLD,
                IbisCapabilities.MEMBERSHIP_TOTALLY_ORDERED, IbisCapabilities.SIGNALS,
                IbisCapabilities.ELECTIONS_STRICT);
        Ibis ibis = IbisFactory.createIbis(caps, null);
        Registry registry = ibis.registry();
        int size = registry.getPoolSize();
        int seen = 0;
        while (seen < size) {
            seen += registry.joinedIbises().length;
            Thread.sleep(10);
        }
        IbisIdentifier first = registry.getElectionResult("first", 100);
        if (first == null) {
            first = registry.elect("first");
        }
        IbisIdentifier agreed = registry.getElectionResult("first");
        if (!agreed.equals(first)) {
            throw new Error("election results differ: " + first + " and " + agreed);
        }
        if (agreed.equals(ibis.identifier())) {
            String[] reports = new String[0];
            while (reports.length < size - 1) {
                String[] more = registry.receivedSignals();
                reports = Arrays.copyOf(reports, reports.length + more.length);
                System.arraycopy(more, 0, reports, reports.length - more.length, more.length);
                Thread.sleep(10);
            }
            int left = 0;
            while (left < size - 1) {
                left += registry.leftIbises().length;
                Thread.sleep(10);
            }
            Arrays.sort(reports);
            System.out.println("winner got " + reports.length + " reports and saw " + left + " leave");
        } else {
            registry.signal("report from " + ibis.identifier().name(), agreed);
            System.out.println("instance " + ibis.identifier().name() + " reported to the winner");
        }
        ibis.end();
    }
}
