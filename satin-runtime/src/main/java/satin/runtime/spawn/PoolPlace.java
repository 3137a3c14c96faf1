package satin.runtime.spawn;

import java.util.List;

/**
 * Where a runtime's node stands in its pool of nodes, for programs that ask (the Ibis compatibility module's
 * {@code PoolInfo}): its number and the location ({@code node@cluster@site}) of every member by number, as the
 * registry numbered them (join order: 0, 1, ...). A number whose member this node no longer knows (it left or died) has
 * an empty location.
 *
 * @param rank      this node's number
 * @param locations the members' locations, index = number
 */
public record PoolPlace(int rank, List<String> locations) {
    public PoolPlace {
        locations = List.copyOf(locations);
    }

    /** How many members the pool has had. */
    public int size() {
        return locations.size();
    }
}
