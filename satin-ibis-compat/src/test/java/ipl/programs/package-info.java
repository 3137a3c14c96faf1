/**
 * Programs written against the Ibis IPL API alone, in the style its users wrote them (explicit receipt and upcalls,
 * elections to pick a server, closed-world pools, registry events), run by {@code IplProgramsTest} as separate JVMs.
 * Each prints what it did; the test checks those lines. They import {@code ibis.ipl.*} and nothing of this project.
 */
package ipl.programs;
