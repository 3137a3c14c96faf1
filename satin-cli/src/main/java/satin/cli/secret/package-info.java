/** {@code satin secret}: makes the pool secret that authenticates a pool's members and keys its encryption. */
package satin.cli.secret;
