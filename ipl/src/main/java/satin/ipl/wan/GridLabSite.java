package satin.ipl.wan;

/**
 * One machine of the GridLab testbed (Satin paper, Tables 4.1 and 4.4), for simulators and experiments that
 * pair the {@code gridlab-day}/{@code gridlab-night} topologies with the sites' sizes and speeds.
 *
 * @param cluster           the cluster name used by the GridLab presets (see {@link WanPresets#clusterName})
 * @param site              the site name as printed in the paper
 * @param nodes             machines (JVMs) at the site
 * @param cpusPerNode       processors per machine
 * @param relativeNodeSpeed ray-tracer speed of one machine relative to one A'dam DAS-2 node
 */
public record GridLabSite(String cluster, String site, int nodes, int cpusPerNode, double relativeNodeSpeed) {
    public int totalCpus() {
        return nodes * cpusPerNode;
    }
}
