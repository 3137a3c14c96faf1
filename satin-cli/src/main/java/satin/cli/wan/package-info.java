/** {@code satin wan}: lists the IPL's WAN-emulation presets, or checks a topology and prints its links. */
package satin.cli.wan;
