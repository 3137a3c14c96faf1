package satin.balance;

import java.util.Locale;

/** Named policy constructors, so hosts and command lines pick a policy by name ("RS", "CRS"). */
public enum BalancePolicies {
    RS {
        @Override
        public StealPolicy create(VictimSelector victims, StealRequests requests) {
            return new RandomStealing(victims, requests);
        }
    },
    CRS {
        @Override
        public StealPolicy create(VictimSelector victims, StealRequests requests) {
            return new ClusterAwareRandomStealing(victims, requests);
        }
    };

    public abstract StealPolicy create(VictimSelector victims, StealRequests requests);

    /** Parses a policy name case-insensitively, naming the accepted values on error. */
    public static BalancePolicies parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown load-balancing policy '" + name + "' (expected RS or CRS)", e);
        }
    }
}
