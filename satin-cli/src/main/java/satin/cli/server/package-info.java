/** {@code satin server}: a standalone IPL registry server, running until the process is stopped. */
package satin.cli.server;
