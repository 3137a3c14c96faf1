/**
 * Wide-area emulation stacked on any other implementation ({@code ipl.implementation=wan}): each message between
 * two clusters is delayed by the link's latency and jitter, paced by its bandwidth and possibly lost, as a
 * {@link satin.ipl.wan.WanTopology} says. Topologies come from presets ({@link satin.ipl.wan.WanPresets}: the
 * paper's Table 2.1 settings and the GridLab day and night matrices) or from a small text format
 * ({@link satin.ipl.wan.TopologyParser}, described in the module README). The command {@code satin wan} prints
 * them. A packet on the emulated wire belongs to its {@link satin.ipl.wan.WanPeerLink} until it is passed to the
 * inner link or released there (an emulated loss, a closed link, a stopped emulation), by the SPI's ownership
 * rule.
 */
package satin.ipl.wan;
