package satin.apps.integrate;

import satin.Spawnable;

/**
 * The spawnable quadrature step: the integral over [a, b] given f at a, the midpoint and b; halves are
 * spawned for {@code spawnLevels} more levels.
 */
public interface IntegrateInter extends Spawnable {
    double integrate(double a, double b, double fa, double fm, double fb, double whole, double eps, int spawnLevels);
}
