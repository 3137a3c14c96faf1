/**
 * The paper's experiments and data: Table 2.1 (RS vs CRS on 64 CPUs under four wide-area settings) and the GridLab
 * runs (Tables 4.5, 4.6, Fig. 4.2), each simulated and paired with the paper's own figures read from the bundled
 * CSV files.
 */
package satin.simulator.paper;
